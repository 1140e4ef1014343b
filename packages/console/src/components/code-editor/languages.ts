/** Monaco language ids by file extension; anything else is plain text. */
const BY_EXTENSION: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  json: 'json',
  map: 'json',
  html: 'html',
  htm: 'html',
  css: 'css',
  scss: 'scss',
  less: 'less',
  md: 'markdown',
  markdown: 'markdown',
  xml: 'xml',
  svg: 'xml',
  yml: 'yaml',
  yaml: 'yaml',
  sql: 'sql',
  py: 'python',
  sh: 'shell',
  csv: 'plaintext',
  txt: 'plaintext',
};

export function languageOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return 'plaintext';
  return BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? 'plaintext';
}

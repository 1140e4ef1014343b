/** What is wrong with a new draft file's path, or null when it may be created. */
export function checkDraftPath(path: string, existing: string[]): string | null {
  if (!path) return 'Give the file a path';
  if (path.startsWith('/') || path.endsWith('/')) return 'A path neither starts nor ends with /';
  const parts = path.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return 'Folders cannot be empty, . or ..';
  if (path.length > 1024) return 'At most 1,024 characters';
  if (!/\.(js|mjs|cjs|ts|json)$/.test(path)) return 'Cloud code files end in .js, .mjs, .cjs, .ts or .json';
  if (existing.includes(path)) return 'A file with this path exists';
  return null;
}

import { build, type Loader, type Message, type Plugin } from 'esbuild';
import { ApiError } from '../../../http/api-error.js';

export interface SourceFile {
  path: string;
  content: string;
}

const NS = 'model';
const ENTRY = '<entry>';
/** Files run as code; the others (json, text) are only reachable by import. */
const CODE = /\.(m?js|cjs|jsx|ts|mts|cts|tsx)$/i;
const LOADERS: Record<string, Loader> = {
  js: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'jsx',
  ts: 'ts',
  mts: 'ts',
  cts: 'ts',
  tsx: 'tsx',
  json: 'json',
};
const TRIES = ['', '.js', '.mjs', '.cjs', '.ts', '.json', '/index.js', '/index.ts'];

/** `a/b/../c` → `a/c`; null when it leaves the model. */
function normalise(path: string): string | null {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/**
 * A file `services/greeter.js` declaring `class Greeter` and registering nothing is taken as that
 * service: the registration the reference runner's samples write by hand is added for it.
 */
function withImpliedService(file: SourceFile): string {
  if (/\b(addService|registerService)\s*\(/.test(file.content)) return file.content;
  const stem = file.path.slice(file.path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  const cls = [...file.content.matchAll(/^(?:export\s+(?:default\s+)?)?class\s+([A-Za-z_$][\w$]*)/gm)]
    .map((m) => m[1])
    .find((name) => name.toLowerCase() === stem.toLowerCase());
  return cls ? `${file.content}\n;Backendless.ServerCode.addService(${cls});\n` : file.content;
}

/** Resolves imports inside the model's files only: no disk, no packages except `backendless`. */
function virtualFiles(files: Map<string, SourceFile>, entries: string[]): Plugin {
  return {
    name: 'model-files',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: ENTRY, namespace: NS };
        if (args.path === 'backendless') return { path: 'backendless', namespace: 'global' };
        if (!args.path.startsWith('./') && !args.path.startsWith('../') && !args.path.startsWith('/'))
          return { errors: [{ text: `Packages cannot be imported yet ('${args.path}'); only the model's own files` }] };
        const base = args.path.startsWith('/') ? '' : dirOf(args.importer === ENTRY ? '' : args.importer);
        const wanted = normalise(`${base}/${args.path}`);
        if (wanted === null) return { errors: [{ text: `'${args.path}' points outside the model` }] };
        for (const t of TRIES) if (files.has(wanted + t)) return { path: wanted + t, namespace: NS };
        return { errors: [{ text: `Cannot find '${args.path}' among the model's files` }] };
      });
      b.onLoad({ filter: /.*/, namespace: 'global' }, () => ({
        contents: 'module.exports = globalThis.Backendless;',
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: NS }, (args) => {
        if (args.path === ENTRY)
          return { contents: entries.map((p) => `import ${JSON.stringify(`./${p}`)};`).join('\n'), loader: 'js' };
        const file = files.get(args.path)!;
        const ext = args.path.slice(args.path.lastIndexOf('.') + 1).toLowerCase();
        return {
          contents: CODE.test(args.path) ? withImpliedService(file) : file.content,
          loader: LOADERS[ext] ?? 'text',
        };
      });
    },
  };
}

function where(m: Message): string {
  const loc = m.location;
  if (!loc) return m.text;
  const file = loc.file.startsWith(`${NS}:`) ? loc.file.slice(NS.length + 1) : loc.file;
  return `${file}:${loc.line}:${loc.column + 1}: ${m.text}`;
}

/**
 * Bundles a model's files into one IIFE script for the sandbox: every code file is an entry, run
 * in path order. A file that does not build is a 400 `CLOUD_CODE_DEPLOY_ERROR` naming file and
 * line (`details.errors: [{file, line, column, message}]`).
 */
export async function bundle(sources: SourceFile[]): Promise<string> {
  const files = new Map(sources.map((f) => [f.path, f]));
  const entries = sources
    .map((f) => f.path)
    .filter((p) => CODE.test(p) && !p.split('/').includes('node_modules'))
    .sort();
  if (!entries.length) throw new ApiError('CLOUD_CODE_DEPLOY_ERROR', 'The model has no code files to deploy');
  try {
    const out = await build({
      entryPoints: [ENTRY],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'neutral',
      target: 'es2022',
      // Service names are class names: keep them when esbuild renames clashing top-level names.
      keepNames: true,
      logLevel: 'silent',
      charset: 'utf8',
      mainFields: [],
      plugins: [virtualFiles(files, entries)],
    });
    return out.outputFiles[0].text;
  } catch (err) {
    const errors = (err as { errors?: Message[] }).errors;
    if (!errors?.length) throw err;
    const first = errors[0];
    throw new ApiError('CLOUD_CODE_DEPLOY_ERROR', `Deploy failed: ${where(first)}`, {
      errors: errors.slice(0, 20).map((m) => ({
        file: m.location
          ? m.location.file.startsWith(`${NS}:`)
            ? m.location.file.slice(NS.length + 1)
            : m.location.file
          : null,
        line: m.location?.line ?? null,
        column: m.location ? m.location.column + 1 : null,
        message: m.text,
      })),
    });
  }
}

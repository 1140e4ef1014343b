import { unzipSync, strFromU8 } from 'fflate';
import { ApiError } from '../../http/api-error.js';

export interface BundleFile {
  path: string;
  content: string;
}

export const MAX_FILES = 200;
export const MAX_BUNDLE_BYTES = 2 * 1024 * 1024;

/** Files that would run on the server's machine, not in the cloud-code sandbox or on the UI origin. */
const NATIVE = /\.(node|so|dylib|dll|exe|sh|bash|bat|cmd|ps1|jar|py|rb|php)$/i;
/** Node built-ins: code that asks for them means to run outside the sandbox, which has none. */
const NODE_BUILTINS =
  /\b(?:require\s*\(\s*|from\s+|import\s*\(\s*)['"](?:node:)?(?:child_process|fs|fs\/promises|net|tls|dgram|cluster|worker_threads|vm|os|process|module|inspector|http2|v8)['"]/;
const PROCESS_ESCAPE = /\bprocess\s*\.\s*(?:binding|dlopen|env|exit|kill)\b|\beval\s*\(|\bnew\s+Function\s*\(/;
/** UI code that loads code from another origin instead of the UI origin. */
const REMOTE_CODE =
  /<script[^>]*\bsrc\s*=\s*['"]?(?:https?:)?\/\/|\bimport\s*(?:\(\s*)?['"](?:https?:)?\/\/|\bimportScripts\s*\(|<iframe\b/i;

function refuse(message: string): never {
  throw ApiError.field('VALIDATION', 'files', message);
}

/** A bundle path: relative, `/`-separated, no `..`, no drive, no control characters. */
export function checkPath(raw: string): string {
  const p = raw.trim();
  if (
    !p ||
    p.startsWith('/') ||
    p.includes('\\') ||
    /^[A-Za-z]:/.test(p) ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f]/.test(p) ||
    p.split('/').some((s) => s === '..' || s === '.' || s === '') ||
    p.length > 300
  )
    refuse(`The bundle path '${raw}' escapes the bundle or is not a plain relative path`);
  return p;
}

/** Reads a base64 ZIP into text files; entries with escaping paths or binary contents are refused. */
export function filesOfZip(base64: string): BundleFile[] {
  let entries: Record<string, Uint8Array>;
  try {
    const bytes = Buffer.from(base64, 'base64');
    let total = 0;
    entries = unzipSync(bytes, {
      filter: (f) => {
        total += f.originalSize;
        if (total > MAX_BUNDLE_BYTES) refuse(`The bundle unpacks to more than ${MAX_BUNDLE_BYTES} bytes`);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    refuse('The bundle is not a readable ZIP archive');
  }
  const out: BundleFile[] = [];
  for (const [name, data] of Object.entries(entries)) {
    if (name.endsWith('/')) continue;
    const text = strFromU8(data);
    if (text.includes('\u0000')) refuse(`The bundle file '${name}' is binary: bundles hold text files only`);
    out.push({ path: name, content: text });
  }
  return out;
}

/**
 * Checks a product bundle before it is stored (decision 0088): paths stay inside the bundle, sizes
 * are bounded, nothing native or executable is shipped, cloud-code products use no Node built-in
 * (the sandbox has none: asking for them means running outside it), UI products load no code from
 * another origin. Answers the files with normalised paths.
 */
export function checkBundle(kind: string, files: BundleFile[]): BundleFile[] {
  if (!files.length) refuse('The bundle has no files');
  if (files.length > MAX_FILES) refuse(`A bundle holds at most ${MAX_FILES} files`);
  const seen = new Set<string>();
  let total = 0;
  const out = files.map((f) => {
    const path = checkPath(f.path);
    if (seen.has(path)) refuse(`The bundle holds '${path}' twice`);
    seen.add(path);
    total += Buffer.byteLength(f.content);
    if (NATIVE.test(path))
      refuse(`The bundle file '${path}' would run outside the sandbox: native and shell files are refused`);
    if (/(^|\/)package\.json$/.test(path) && /"(pre|post)?install"\s*:/.test(f.content))
      refuse(`The bundle file '${path}' declares install scripts, which would run outside the sandbox`);
    if (/\.(m?js|cjs|ts|jsx|tsx)$/.test(path)) {
      if (NODE_BUILTINS.test(f.content))
        refuse(`The bundle file '${path}' asks for a Node built-in module: product code runs only in the sandbox`);
      if (kind === 'cloud-code-service' && PROCESS_ESCAPE.test(f.content))
        refuse(
          `The bundle file '${path}' reaches for the process or evaluates code: product code runs only in the sandbox`,
        );
    }
    if (/\.(m?js|jsx|tsx|ts|html?)$/.test(path) && REMOTE_CODE.test(f.content))
      refuse(`The bundle file '${path}' loads code from another origin: UI code is served only from the UI origin`);
    return { path, content: f.content };
  });
  if (total > MAX_BUNDLE_BYTES) refuse(`The bundle holds more than ${MAX_BUNDLE_BYTES} bytes`);
  if (kind === 'cloud-code-service' && !out.some((f) => /\.(m?js|cjs)$/.test(f.path)))
    refuse('A cloud-code service product needs at least one .js file');
  if (kind === 'ui-component' && !out.some((f) => /\.(m?js|jsx)$/.test(f.path)))
    refuse('A UI component product needs at least one .js file');
  return out;
}

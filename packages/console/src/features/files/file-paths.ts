import { Routes, encodePath, filesLinkRoutes, filesPath } from '@basalt/shared';
import { bytes } from '../../app/tasks/task-format';

/** Plain paths as the console keeps them: `/`-separated, no leading or trailing slash, root = ''. */
export function normalisePath(path: string): string {
  return path
    .split('/')
    .filter((part) => part !== '')
    .join('/');
}

export function joinPath(folder: string, name: string): string {
  return normalisePath(`${folder}/${name}`);
}

export function parentOf(path: string): string {
  const clean = normalisePath(path);
  const cut = clean.lastIndexOf('/');
  return cut < 0 ? '' : clean.slice(0, cut);
}

export function baseName(path: string): string {
  const clean = normalisePath(path);
  return clean.slice(clean.lastIndexOf('/') + 1);
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'ico', 'svg']);
const TEXT = new Set([
  'txt',
  'md',
  'markdown',
  'csv',
  'tsv',
  'log',
  'ini',
  'conf',
  'yaml',
  'yml',
  'toml',
  'json',
  'map',
  'xml',
  'html',
  'htm',
  'js',
  'mjs',
  'cjs',
  'ts',
  'tsx',
  'jsx',
  'css',
  'scss',
  'less',
  'sql',
  'sh',
  'py',
  'java',
  'c',
  'h',
  'go',
  'rs',
  'rb',
  'php',
  'env',
]);

/** How a file can be shown: the preview frame knows images, text and PDF. */
export type FileKind = 'image' | 'text' | 'pdf' | 'archive' | 'other';

export function fileKind(name: string): FileKind {
  const ext = extensionOf(name);
  if (IMAGE.has(ext)) return 'image';
  if (TEXT.has(ext) || ext === '') return 'text';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'zip') return 'archive';
  return 'other';
}

/** A short type label for the listing. */
export function typeLabel(name: string, folder: boolean): string {
  if (folder) return 'Folder';
  const ext = extensionOf(name);
  return ext ? ext.toUpperCase() : 'File';
}

/** The file shown inline with its content type (the developer's cookie authorises the GET). */
export function viewUrl(appId: string, path: string): string {
  return filesPath(Routes.files.viewFiles, appId, path);
}

/** The developer-only download link (`/files/download/{appId}/{path}`). */
export function downloadUrl(appId: string, path: string): string {
  return filesPath(filesLinkRoutes.downloadLink, appId, path);
}

/** The public app API link, for app clients holding an API key. */
export function publicUrl(appId: string, apiKey: string, path: string): string {
  return `${window.location.origin}/${encodeURIComponent(appId)}/${encodeURIComponent(apiKey)}/files/${encodePath(normalisePath(path))}`;
}

/** A file size for people (`—` for a size that is not one); the task tray's format. */
export function formatBytes(n: number): string {
  return Number.isFinite(n) && n >= 0 ? bytes(n) : '—';
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** Why a file or folder name would be refused, or undefined when it is fine. */
export function nameProblem(name: string): string | undefined {
  if (!name.trim()) return 'Enter a name';
  if (name.length > 255) return 'Use at most 255 characters';
  if (name === '.' || name === '..') return 'Choose a name other than . or ..';
  if (/[/\\]/.test(name)) return 'Names cannot contain / or \\';
  if (CONTROL.test(name)) return 'Names cannot contain control characters';
  if (RESERVED.test(name)) return `${name} is a reserved name: choose another`;
  return undefined;
}

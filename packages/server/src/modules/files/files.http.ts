import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ApiError } from '../../http/api-error.js';
import { StorageError, splitEncodedPath, type StorageEntry } from '../../storage/index.js';

const TEXT = 'text/plain; charset=utf-8';

/** Extension → content type. Source code and markup-like text is served as plain text (see `viewHeaders`). */
const TYPES: Record<string, string> = {
  txt: TEXT,
  md: TEXT,
  markdown: TEXT,
  csv: 'text/csv; charset=utf-8',
  tsv: TEXT,
  log: TEXT,
  ini: TEXT,
  conf: TEXT,
  yaml: TEXT,
  yml: TEXT,
  toml: TEXT,
  js: TEXT,
  mjs: TEXT,
  cjs: TEXT,
  ts: TEXT,
  tsx: TEXT,
  jsx: TEXT,
  css: TEXT,
  scss: TEXT,
  less: TEXT,
  sql: TEXT,
  sh: TEXT,
  py: TEXT,
  java: TEXT,
  c: TEXT,
  h: TEXT,
  go: TEXT,
  rs: TEXT,
  rb: TEXT,
  php: TEXT,
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  xhtml: 'application/xhtml+xml',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mov: 'video/quicktime',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  wasm: 'application/wasm',
};

/** Types a browser would run scripts in (HTML, SVG, XML documents). */
const ACTIVE = /^(text\/html|application\/xhtml\+xml|application\/xml|text\/xml|image\/svg\+xml)/;

export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot >= 0 && TYPES[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

/** `attachment`/`inline` with the name in plain ASCII and in UTF-8 (RFC 6266). */
function disposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sends a file. Files are uploaded by developers and by app users, and are served from the same
 * origin as the console and its API. An HTML or SVG file shown inline there could run script with
 * that origin: read the console's responses, act with the developer's cookie. So active types are
 * only ever shown under `Content-Security-Policy: sandbox` (no scripts, an opaque origin of their
 * own), and `nosniff` stops a browser from guessing an active type for anything else.
 */
export function sendFile(
  reply: FastifyReply,
  file: { entry: StorageEntry; stream: Readable },
  kind: 'attachment' | 'inline',
): FastifyReply {
  const type = contentTypeOf(file.entry.name);
  reply.header('content-type', type);
  reply.header('content-length', String(file.entry.size));
  reply.header('content-disposition', disposition(kind, file.entry.name));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'private, no-cache');
  if (kind === 'inline' && ACTIVE.test(type)) reply.header('content-security-policy', 'sandbox');
  return reply.send(file.stream);
}

/** Counts `/`-separated parts of a route template up to its `*` (e.g. 4 for `/:appId/console/files/exists/*`). */
export function prefixLength(template: string): number {
  return template.split('/').filter((p) => p !== '' && p !== '*').length;
}

/**
 * The file path at the tail of the request URL, as checked names, decoded exactly once. It is read
 * from the raw URL rather than the router's parameter so that `%2F` inside a name stays inside that
 * name (and is refused) and nothing is decoded twice. The root may be sent as `%2F`.
 */
export function tailNames(req: FastifyRequest, prefix: number): string[] {
  const raw = (req.raw.url ?? req.url).split('?')[0].split('#')[0];
  const parts = raw.split('/').filter((p) => p !== '');
  const tail = parts.slice(prefix);
  if (tail.length === 1 && tail[0].toLowerCase() === '%2f') return [];
  return splitEncodedPath(tail.join('/'));
}

/** Whether the raw URL ended with a slash (the app API's createDirectory is a POST to `…/dir/`). */
export function endsWithSlash(req: FastifyRequest): boolean {
  return (req.raw.url ?? req.url).split('?')[0].endsWith('/');
}

/** Maps refusals of the storage layer to the HTTP answers of the API. */
export function toApiError(err: StorageError): ApiError {
  switch (err.kind) {
    case 'invalid':
      return ApiError.badRequest(err.message);
    case 'outside':
      return ApiError.forbidden(err.message);
    case 'not-found':
      return ApiError.notFound(err.message);
    case 'exists':
      return ApiError.conflict(err.message);
    case 'conflict':
      return ApiError.conflict(err.message);
    case 'too-large':
      return ApiError.tooLarge(err.message);
  }
}

/** The query flag `overwrite`: absent or anything but true means do not replace. */
export function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

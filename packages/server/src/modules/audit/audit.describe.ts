import type { RouteDef } from '@basalt/shared';

/**
 * Sentences for the audit log: what happened, with the names the developer knows (tables,
 * columns, roles, files) instead of route names and parameter dumps. Routes whose module records
 * a richer summary of its own (console.changed) do not come here.
 */

/** `/docs/a b.txt`: a file path as the files screen shows it. */
const filePath = (p: string | undefined) => `/${(p ?? '').replace(/^\/+/, '')}`;

/** A raw request body that holds a path or a name (move, copy, rename send it as text). */
function bodyText(body: unknown): string | undefined {
  if (typeof body !== 'string' || !body.trim()) return undefined;
  try {
    return decodeURIComponent(body.trim());
  } catch {
    return body.trim();
  }
}

/** What the file routes of the console did, by route name. */
const FILE_ROUTES: Record<string, (path: string, body: unknown, query: Record<string, unknown>) => string> = {
  'files.createDir': (p) => `Created folder ${filePath(p)}`,
  'files.uploadFile': (p) => `Uploaded file ${filePath(p)}`,
  'files.editFile': (p) => `Edited file ${filePath(p)}`,
  'files.createFile': (p) => `Created file ${filePath(p)}`,
  'files.createConsoleFile': (p) => `Created file ${filePath(p)}`,
  'files.moveFile': (p, b) => `Moved ${filePath(p)} to ${filePath(bodyText(b))}`,
  'files.copyFile': (p, b) => `Copied ${filePath(p)} to ${filePath(bodyText(b))}`,
  'files.renameFile': (p, b) => `Renamed ${filePath(p)} to ${bodyText(b) ?? '?'}`,
  'files.deleteFile': (p) => `Deleted ${filePath(p)}`,
  'files.performOperation': (p, _b, q) => `${q.operation === 'unzip' ? 'Unzipped' : 'Zipped'} ${filePath(p)}`,
};

/** `deleteColumn` → `Delete column`; `createAPIKey` → `Create API key`. */
export function humanise(routeName: string): string {
  const verb = routeName.slice(routeName.indexOf('.') + 1);
  const words = verb
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/\s+/);
  const text = words
    .map((w, i) =>
      /^[A-Z0-9]{2,}s?$/.test(w) ? w : i === 0 ? w[0]!.toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase(),
    )
    .join(' ');
  return text;
}

/** `tableName` → `table`, `*` → `path`, a bare `name` → the group's thing (`counters` → `counter`). */
function paramWord(key: string, group: string): string {
  if (key === '*') return 'path';
  if (key === 'name' || key === 'id') return group.replace(/s$/, '');
  return (
    key
      .replace(/(Name|Id)$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase() || key
  );
}

export interface Described {
  target: string;
  summary: string;
}

/** The entry of a console request that changed something and recorded nothing richer itself. */
export function describe(
  route: RouteDef,
  params: Record<string, string>,
  body: unknown,
  query: Record<string, unknown>,
): Described {
  const named = Object.entries(params).filter(([k]) => k !== 'appId' && params[k] !== undefined && params[k] !== '');
  const file = FILE_ROUTES[route.name];
  if (file) {
    const path = params['*'] ?? params.filePath ?? params.path ?? '';
    return { target: filePath(path), summary: file(path, body, query) };
  }
  const group = route.name.slice(0, Math.max(0, route.name.indexOf('.')));
  const target = named.map(([k, v]) => `${paramWord(k, group)} ${v}`).join(', ');
  const verb = humanise(route.name);
  // "Create counter hits", "Delete column: table Orders, column price".
  return { target, summary: target ? `${verb}${verb.includes(' ') ? ':' : ''} ${target}` : verb };
}

/** Console file routes are registered on their base path (plus `/*`), not on their declared path. */
export function registeredPaths(route: RouteDef): string[] {
  if (!/\/:(path|filePath)\b/.test(route.path)) return [route.path];
  const base = route.path.replace(/\/:(path|filePath)\b.*$/, '');
  return [route.path, base, `${base}/*`];
}

/** What an app API file operation did, in the same words as the console's. */
export function describeFileChange(
  action: 'upload' | 'create-folder' | 'append' | 'move' | 'copy' | 'rename' | 'delete',
  path: string,
  to?: string,
): string {
  switch (action) {
    case 'upload':
      return `Uploaded file ${filePath(path)}`;
    case 'append':
      return `Appended to file ${filePath(path)}`;
    case 'create-folder':
      return `Created folder ${filePath(path)}`;
    case 'move':
      return `Moved ${filePath(path)} to ${filePath(to)}`;
    case 'copy':
      return `Copied ${filePath(path)} to ${filePath(to)}`;
    case 'rename':
      return `Renamed ${filePath(path)} to ${to ?? '?'}`;
    case 'delete':
      return `Deleted ${filePath(path)}`;
  }
}

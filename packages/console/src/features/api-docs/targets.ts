/** What the API docs page documents; it lives in the URL (`/api-docs/:kind/:name?/:model?`). */
export type DocTarget =
  | { kind: 'table'; name: string }
  | { kind: 'channel'; name: string }
  | { kind: 'files' }
  | { kind: 'service'; name: string; model: string }
  | { kind: 'geo' };

export type DocKind = DocTarget['kind'];

export const KINDS: Array<{ value: DocKind; label: string }> = [
  { value: 'table', label: 'Table' },
  { value: 'channel', label: 'Channel' },
  { value: 'files', label: 'Files' },
  { value: 'service', label: 'Service' },
  { value: 'geo', label: 'Geo' },
];

/** The target the URL names, or undefined while a kind that needs a name has none yet. */
export function targetOf(kind: string | undefined, name?: string, model?: string): DocTarget | undefined {
  if (kind === 'files' || kind === 'geo') return { kind };
  if ((kind === 'table' || kind === 'channel') && name) return { kind, name };
  if (kind === 'service' && name) return { kind, name, model: model ?? 'default' };
  return undefined;
}

/** The page URL of a target (relative to the app). */
export function targetPath(t: DocTarget): string {
  const e = encodeURIComponent;
  if (t.kind === 'files' || t.kind === 'geo') return `api-docs/${t.kind}`;
  if (t.kind === 'service') return `api-docs/service/${e(t.name)}/${e(t.model)}`;
  return `api-docs/${t.kind}/${e(t.name)}`;
}

/**
 * Readers of the UI Builder's answers. The console keeps to the fields it shows and reads them
 * tolerantly (a list may come bare or under a key), so a richer answer never breaks a screen.
 */
export interface ContainerSummary {
  name: string;
  title?: string;
  /** Public base URL of the current publication, when published. */
  publishedUrl?: string;
  publishedAt?: number | string;
  /** Whether the container may be deleted (the `system` container may not). */
  system?: boolean;
}

export interface PageSummary {
  name: string;
  title?: string;
  isMain?: boolean;
}

export interface Publication {
  id?: string | number;
  number?: number;
  url?: string;
  created?: number | string;
  createdAt?: number | string;
  author?: string;
  /** Whether the container serves this publication now. */
  current?: boolean;
}

export interface ContainerDetails extends ContainerSummary {
  pages: PageSummary[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const when = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : undefined);

/** A list that may come bare or under one of `keys`. */
export function listOf(answer: unknown, ...keys: string[]): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (isObj(answer)) for (const k of keys) if (Array.isArray(answer[k])) return answer[k] as unknown[];
  return [];
}

export function readContainer(raw: unknown): ContainerSummary | undefined {
  if (typeof raw === 'string') return { name: raw };
  if (!isObj(raw) || typeof raw.name !== 'string') return undefined;
  const pub = isObj(raw.publication) ? raw.publication : undefined;
  return {
    name: raw.name,
    title: str(raw.title),
    publishedUrl: str(raw.publishedUrl) ?? str(raw.url) ?? str(pub?.url),
    publishedAt: when(raw.publishedAt) ?? when(pub?.created) ?? when(pub?.createdAt),
    system: raw.name === 'system' || raw.system === true,
  };
}

export function readPublication(raw: unknown): Publication | undefined {
  if (!isObj(raw)) return undefined;
  return {
    id: when(raw.id),
    number: typeof raw.number === 'number' ? raw.number : undefined,
    url: str(raw.url),
    created: when(raw.created) ?? when(raw.createdAt) ?? when(raw.publishedAt),
    author: str(raw.author) ?? str(raw.publishedBy),
    current: raw.current === true,
  };
}

export function readContainerDetails(raw: unknown, name: string): ContainerDetails {
  const base = readContainer(isObj(raw) ? { name, ...raw } : { name }) ?? { name };
  const pages = listOf(isObj(raw) ? raw.pages : undefined)
    .map((p) =>
      typeof p === 'string' ? { name: p } : isObj(p) && typeof p.name === 'string' ? { ...p, name: p.name } : undefined,
    )
    .filter((p): p is PageSummary => !!p);
  return { ...base, pages };
}

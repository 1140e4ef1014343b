import { errorInfo } from '../../../lib/errors';
import { uidAtPath } from './doc-state';
import type { PageDocument } from './schema';

interface Issue {
  path?: string;
  uid?: string;
  message: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function rawIssues(details: unknown): Issue[] {
  const list = Array.isArray(details)
    ? details
    : isObj(details)
      ? (Array.isArray(details.issues) && details.issues) ||
        (Array.isArray(details.errors) && details.errors) || [details]
      : [];
  return list
    .filter(isObj)
    .filter((i) => typeof i.message === 'string')
    .map((i) => ({
      message: i.message as string,
      path: typeof i.path === 'string' ? i.path : undefined,
      uid: typeof i.uid === 'string' ? i.uid : undefined,
    }));
}

/** Uids of the nodes bound (`$data`) to the data source a `dataSources[i]…` path names. */
function nodesOfSource(doc: PageDocument, path: string): string[] {
  const m = /^dataSources\[(\d+)\]/.exec(path);
  const id = m ? doc.dataSources?.[Number(m[1])]?.id : undefined;
  if (!id) return [];
  const out: string[] = [];
  const walk = (nodes: PageDocument['children'] | undefined) => {
    for (const n of nodes ?? []) {
      if (Object.values(n.props ?? {}).some((v) => isObj(v) && (v as Record<string, unknown>).$data === id))
        out.push(n.uid);
      walk(n.children);
    }
  };
  walk(doc.children);
  return out;
}

/**
 * The problems of a refused save by node uid, from the server's issues (each with a document
 * path such as `children[0].props.data`, or a uid). What names no node goes under `''` (the
 * page); a bare message that mentions a uid of the page is put on that node.
 */
export function issuesFromError(error: unknown, doc: PageDocument, uids: readonly string[]): Record<string, string[]> {
  const info = errorInfo(error);
  const body = isObj((error as { body?: unknown })?.body)
    ? (error as { body: Record<string, unknown> }).body
    : undefined;
  const found = rawIssues(body?.details);
  const out: Record<string, string[]> = {};
  const add = (uid: string, message: string) => (out[uid] = [...(out[uid] ?? []), message]);
  for (const i of found) {
    const uid = (i.uid && uids.includes(i.uid) ? i.uid : undefined) ?? (i.path ? uidAtPath(doc, i.path) : undefined);
    // A data source's problem belongs to the components that show its rows.
    const users = !uid && i.path ? nodesOfSource(doc, i.path) : [];
    if (users.length) for (const u of users) add(u, i.message);
    else add(uid ?? '', i.message);
  }
  if (!found.length) {
    const named = uids.find((u) => new RegExp(`(^|[^A-Za-z0-9_-])${u}([^A-Za-z0-9_-]|$)`).test(info.message));
    add(named ?? '', info.message);
  }
  return out;
}

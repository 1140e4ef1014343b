/**
 * A census of the console API as the published reference clients see it: every method of every
 * group is called once, with stand-in arguments, against a real listening server, and each
 * answer is sorted into a kind. The census test fails on kinds that mean "this route is missing"
 * or "this route broke"; the per-group table it prints is the picture of what answers what.
 */
import type { TestServer } from '../test-helpers.js';

/** What one method's call came to (the worst of its requests when it sends several). */
export type AnswerKind =
  /** 2xx, or answered from the client's own cache */
  | 'ok'
  /** 501 NOT_AVAILABLE_YET: an area not built yet */
  | 'notAvailable'
  /** 4xx other than the missing-route 404: the route exists and refused the stand-in arguments */
  | 'refused'
  /** 404 `No route …`: no route at all */
  | 'noRoute'
  /** an answer of the app API (numeric error code): a console path taken for `/{appId}/{apiKey}/…` */
  | 'appApi'
  /** any other 5xx */
  | 'serverError'
  /** the client threw before sending anything */
  | 'noRequest'
  /** no answer within the time limit, or the connection failed */
  | 'noAnswer';

export const ANSWER_KINDS: AnswerKind[] = [
  'ok',
  'notAvailable',
  'refused',
  'noRoute',
  'appApi',
  'serverError',
  'noRequest',
  'noAnswer',
];

/** Worse kinds win when a method sends several requests. */
const SEVERITY: Record<AnswerKind, number> = {
  ok: 0,
  notAvailable: 1,
  refused: 2,
  noRequest: 3,
  noRoute: 4,
  appApi: 5,
  serverError: 6,
  noAnswer: 7,
};

export interface MethodAnswer {
  client: string;
  group: string;
  method: string;
  kind: AnswerKind;
  /** `VERB path status message` of the request that decided the kind, or the client's error. */
  detail: string;
  /** Set when the method ended the session or removed the app and the census started afresh. */
  restored?: boolean;
  /** How long the method took, in milliseconds. */
  ms: number;
}

interface SeenRequest {
  method: string;
  path: string;
  status?: number;
  body?: unknown;
  failed?: string;
}

/**
 * A stand-in argument that fits most parameter shapes: as text it is the census app's id (so
 * `{appId}` segments name a real app) and it answers the string methods (`path.split`,
 * `mode.toLowerCase`) as that text would; as a number it is 1; any other property read gives
 * another stand-in (so `{table: {name}}` and `opts.aggInterval.name` work); array helpers answer
 * empty; and as JSON it is `{ name: 'census' }`.
 */
export function standIn(text: () => string): any {
  const target: Record<string, unknown> = { name: 'census' };
  const arrayLike: Record<string, unknown> = {
    map: () => [],
    filter: () => [],
    forEach: () => undefined,
    reduce: (_fn: unknown, init: unknown) => init,
    some: () => false,
    every: () => true,
    find: () => undefined,
    join: () => text(),
    length: 0,
  };
  const children = new Map<PropertyKey, any>();
  return new Proxy(target, {
    get(t, key) {
      if (key === Symbol.toPrimitive) return (hint: string) => (hint === 'number' ? 1 : text());
      if (key === 'toString' || key === 'valueOf') return () => text();
      if (key === Symbol.iterator) return function* () {};
      if (key === 'then' || key === 'toJSON' || typeof key === 'symbol') return undefined;
      if (Object.prototype.hasOwnProperty.call(t, key)) return t[key];
      if (Object.prototype.hasOwnProperty.call(arrayLike, key)) return arrayLike[key];
      if (key in Object.prototype) return (Object.prototype as any)[key].bind(t);
      const stringMethod = (String.prototype as any)[key];
      if (typeof stringMethod === 'function') return (...args: unknown[]) => stringMethod.apply(text(), args);
      if (!children.has(key)) children.set(key, standIn(text));
      return children.get(key);
    },
  });
}

export interface CensusOptions {
  server: TestServer;
  /** `http://127.0.0.1:<port>` of the listening server. */
  url: string;
  /** Time allowed for one method. */
  timeoutMs?: number;
}

type CreateClient = (serverUrl: string, authKey?: string, options?: { middleware?: (req: any) => void }) => any;

/** A developer and an app of theirs; replaced when a method ends the session or deletes the app. */
export interface Seat {
  authKey: string;
  appId: string;
}

let seatSeq = 0;

async function newSeat(server: TestServer): Promise<Seat> {
  const email = `census${Date.now()}${seatSeq++}@example.com`;
  const password = 'census password 1';
  const reg = await server.call('POST', '/console/devreg', { body: { email, password, name: 'Census' } });
  if (reg.statusCode !== 200) throw new Error(`census: register failed ${reg.statusCode} ${reg.body}`);
  const login = await server.call('POST', '/console/home/login', { body: { login: email, password } });
  if (login.statusCode !== 200) throw new Error(`census: login failed ${login.statusCode} ${login.body}`);
  const authKey = String(login.headers['auth-key']);
  const app = await server.call('POST', '/console/applications', { authKey, body: { appName: `Census${seatSeq++}` } });
  if (app.statusCode !== 200) throw new Error(`census: create app failed ${app.statusCode} ${app.body}`);
  return { authKey, appId: app.json().id };
}

/** The session still works and the app is still there: one cheap app-scoped read. */
async function seatIsWhole(server: TestServer, seat: Seat): Promise<boolean> {
  const res = await server.call('GET', `/${seat.appId}/console/my-permissions`, { authKey: seat.authKey });
  return res.statusCode === 200;
}

/** Raised when a method has not settled within the census's time limit. */
class NoAnswer extends Error {}

function kindOf(req: SeenRequest): AnswerKind {
  if (req.failed !== undefined) return 'noAnswer';
  // Sent without an answer event: served from the client's own response cache.
  if (req.status === undefined) return 'ok';
  if (req.status >= 200 && req.status < 300) return 'ok';
  const body = req.body as { code?: unknown; message?: unknown } | undefined;
  if (req.status === 404 && typeof body?.message === 'string' && body.message.startsWith('No route')) return 'noRoute';
  if (req.status === 501 && body?.code === 'NOT_AVAILABLE_YET') return 'notAvailable';
  // A built area the operator has not switched on (AI assistance without a provider, decision
  // 0076) refuses with its own 503: the route is there and answered as designed.
  if (req.status === 503 && body?.code === 'AI_NOT_CONFIGURED') return 'refused';
  // Console answers carry text codes; the app API's are numbers (8002: not a valid API key).
  if (typeof body?.code === 'number') return 'appApi';
  if (req.status >= 500) return 'serverError';
  return 'refused';
}

function summary(req: SeenRequest): string {
  const body = req.body as { message?: unknown } | undefined;
  const message =
    typeof body?.message === 'string' ? body.message : typeof req.body === 'string' ? req.body.slice(0, 120) : '';
  return `${req.method.toUpperCase()} ${req.path.replace(/^https?:\/\/[^/]+/, '')} ${req.failed ?? req.status ?? 'ok'} ${message}`.trim();
}

/**
 * Calls every method of every group of one reference client (`createClient` of the package) and
 * answers one row per method. `argsFor` may give a method its own arguments; by default each gets
 * six stand-ins.
 */
export async function runCensus(
  clientName: string,
  createClient: CreateClient,
  options: CensusOptions,
  argsFor: (group: string, method: string, seat: Seat) => unknown[] | undefined = () => undefined,
): Promise<MethodAnswer[]> {
  const { server, url, timeoutMs = 5000 } = options;
  let seat = await newSeat(server);
  let seen: SeenRequest[] = [];
  const client = createClient(url, seat.authKey, {
    middleware: (req: any) => {
      const entry: SeenRequest = { method: String(req.method), path: String(req.path) };
      seen.push(entry);
      req.on('response', () => {
        entry.status ??= 200;
      });
      req.on('error', (err: any) => {
        if (typeof err?.status === 'number') {
          entry.status = err.status;
          entry.body = err.body;
        } else {
          entry.failed = String(err?.message ?? err);
        }
      });
    },
  });

  const rows: MethodAnswer[] = [];
  const groups = Object.entries(client).filter(([name]) => name !== 'destroy' && name !== 'request');
  for (const [group, value] of groups) {
    const methods: Array<[string, (...args: unknown[]) => unknown]> =
      typeof value === 'function'
        ? [[group, value as (...args: unknown[]) => unknown]]
        : Object.entries(value as Record<string, (...args: unknown[]) => unknown>);
    for (const [method, fn] of methods) {
      if (typeof fn !== 'function') continue;
      seen = [];
      const current = seat;
      const args = argsFor(group, method, current) ?? Array.from({ length: 6 }, () => standIn(() => current.appId));
      let thrown: Error | undefined;
      let timer: NodeJS.Timeout | undefined;
      const started = performance.now();
      try {
        // Called on its group, as the console does (a few methods use `this`). A method may
        // answer a list of requests without sending them (hive store values): they are sent.
        const call = Promise.resolve()
          .then(() => fn.apply(value, args))
          .then((result) =>
            Array.isArray(result) && result.some((r) => typeof r?.then === 'function') ? Promise.all(result) : result,
          );
        const limit = new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new NoAnswer(`no answer within ${timeoutMs} ms`)), timeoutMs);
        });
        await Promise.race([call, limit]);
      } catch (err) {
        thrown = err instanceof Error ? err : new Error(String(err));
      } finally {
        clearTimeout(timer);
      }
      // Requests whose answers are still on their way (a method that does not wait for them).
      await new Promise((resolve) => setImmediate(resolve));

      const ms = Math.round(performance.now() - started);
      const late = thrown instanceof NoAnswer;
      let row: MethodAnswer;
      if (seen.length === 0) {
        row = {
          client: clientName,
          group,
          method,
          kind: late ? 'noAnswer' : 'noRequest',
          detail: thrown?.message ?? 'sent no request',
          ms,
        };
      } else {
        const worst = seen.reduce((a, b) => (SEVERITY[kindOf(b)] > SEVERITY[kindOf(a)] ? b : a));
        row = {
          client: clientName,
          group,
          method,
          kind: late ? 'noAnswer' : kindOf(worst),
          detail: summary(worst),
          ms,
        };
      }
      // Logging out, deleting the account or the app: carry on with a fresh developer and app.
      if (client.request?.context?.authKey !== current.authKey || !(await seatIsWhole(server, current))) {
        seat = await newSeat(server);
        client.request.context.setAuthKey(seat.authKey);
        row.restored = true;
      }
      rows.push(row);
    }
  }
  return rows;
}

/** Per group: how many methods came to each kind. */
export function tally(rows: MethodAnswer[]): Map<string, Record<AnswerKind, number>> {
  const out = new Map<string, Record<AnswerKind, number>>();
  for (const row of rows) {
    const key = `${row.client} ${row.group}`;
    const counts = out.get(key) ?? (Object.fromEntries(ANSWER_KINDS.map((k) => [k, 0])) as Record<AnswerKind, number>);
    counts[row.kind]++;
    out.set(key, counts);
  }
  return out;
}

/** The tally as a fixed-width table, one line per group and a total line. */
export function formatTally(rows: MethodAnswer[]): string {
  const table = tally(rows);
  const head = ['group'.padEnd(34), ...ANSWER_KINDS.map((k) => k.padStart(14)), 'total'.padStart(7)].join('');
  const lines = [head];
  const total = Object.fromEntries(ANSWER_KINDS.map((k) => [k, 0])) as Record<AnswerKind, number>;
  for (const [group, counts] of table) {
    const sum = ANSWER_KINDS.reduce((s, k) => s + counts[k], 0);
    for (const k of ANSWER_KINDS) total[k] += counts[k];
    lines.push(
      [group.padEnd(34), ...ANSWER_KINDS.map((k) => String(counts[k]).padStart(14)), String(sum).padStart(7)].join(''),
    );
  }
  lines.push(
    [
      'total'.padEnd(34),
      ...ANSWER_KINDS.map((k) => String(total[k]).padStart(14)),
      String(rows.length).padStart(7),
    ].join(''),
  );
  return lines.join('\n');
}

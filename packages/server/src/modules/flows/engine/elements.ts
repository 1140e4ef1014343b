import crypto from 'node:crypto';
import type { FlowElement } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import type { AppCaller } from '../../../http/app-auth.js';
import { requestRemote, RemoteRequestError, type RemoteMethod } from '../../../http/remote-fetch.js';
import { AppData } from '../../appapi/data-access.js';
import { textOf } from './expressions.js';

/** What running one element came to. */
export type Outcome =
  | { kind: 'done'; output: unknown; port: string }
  | { kind: 'wait'; dueAt: number }
  | { kind: 'fail'; code: string; message: string }
  | { kind: 'return'; values: unknown };

/** One element's run: its config with every template filled, and where it runs. */
export interface ElementRun {
  appId: string;
  executionId: string;
  element: FlowElement;
  config: Record<string, unknown>;
  /** Set when the element started waiting earlier (a delay being resumed). */
  waitingSince?: number;
  /** The trigger's data, for trigger elements. */
  trigger: unknown;
  /** A key unique to this step of this instance, stable across repeats of the same step. */
  stepKey: string;
  now: number;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

/** Answer text at most this long is kept from an HTTP step. */
const HTTP_ANSWER_BYTES = 256 * 1024;
const HTTP_TIMEOUT_MS = 15_000;

/** A record id derived from the step, so a repeated step finds the record it made instead of making another. */
export function stepRecordId(stepKey: string): string {
  const h = crypto.createHash('sha256').update(stepKey).digest('hex').toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export function compare(left: unknown, operator: string, right: unknown): boolean {
  const numeric = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  const a = numeric(left);
  const b = numeric(right);
  const both = !Number.isNaN(a) && !Number.isNaN(b);
  switch (operator) {
    case '=':
      return both ? a === b : textOf(left) === textOf(right);
    case '!=':
      return both ? a !== b : textOf(left) !== textOf(right);
    case '>':
      return both ? a > b : textOf(left) > textOf(right);
    case '>=':
      return both ? a >= b : textOf(left) >= textOf(right);
    case '<':
      return both ? a < b : textOf(left) < textOf(right);
    case '<=':
      return both ? a <= b : textOf(left) <= textOf(right);
    case 'contains':
      return Array.isArray(left) ? left.some((x) => textOf(x) === textOf(right)) : textOf(left).includes(textOf(right));
    default:
      return left === undefined || left === null || left === '' || (Array.isArray(left) && left.length === 0);
  }
}

/**
 * Runs elements. Record actions go through the app API's data service as the app's server code
 * (the BL key's caller, role ServerCodeUser), so the app's permissions for server code apply and
 * data events, handlers and real time see the writes like any other.
 */
export class Elements {
  private readonly data: AppData;

  constructor(private readonly ctx: ServerContext) {
    this.data = new AppData(ctx);
  }

  private async caller(appId: string): Promise<AppCaller> {
    const c = await this.ctx.security.callerFor(appId, 'BL', null);
    return { ...c, apiKey: '', token: null };
  }

  async run(r: ElementRun): Promise<Outcome> {
    const c = r.config;
    switch (r.element.type) {
      case 'trigger.data':
      case 'trigger.api':
      case 'trigger.schedule':
        return { kind: 'done', output: r.trigger, port: 'out' };
      case 'control.condition': {
        const yes = compare(c.left, String(c.operator), c.right);
        return { kind: 'done', output: { result: yes }, port: yes ? 'yes' : 'no' };
      }
      case 'control.delay':
        if (r.waitingSince === undefined) return { kind: 'wait', dueAt: r.now + Number(c.seconds) * 1000 };
        return { kind: 'done', output: { resumedAt: r.now }, port: 'out' };
      case 'control.returnResult':
        return { kind: 'return', values: c.values };
      case 'action.log':
        return { kind: 'done', output: { level: c.level, message: textOf(c.message) }, port: 'out' };
      case 'action.createRecord':
        return this.createRecord(r);
      case 'action.updateRecord': {
        if (!isRec(c.changes)) return { kind: 'fail', code: 'BAD_CONFIG', message: "'changes' must be an object" };
        const record = await this.data.update(
          await this.caller(r.appId),
          String(c.table),
          textOf(c.objectId),
          c.changes,
        );
        return { kind: 'done', output: record, port: 'out' };
      }
      case 'action.findRecords': {
        const query = {
          where: c.where === undefined ? undefined : textOf(c.where),
          pageSize: Number(c.pageSize ?? 10),
        };
        const records = await this.data.find(await this.caller(r.appId), String(c.table), query);
        return { kind: 'done', output: records, port: 'out' };
      }
      case 'action.http':
        return this.http(r);
      default:
        return { kind: 'fail', code: 'UNKNOWN_ELEMENT', message: `Unknown element type '${r.element.type}'` };
    }
  }

  private async createRecord(r: ElementRun): Promise<Outcome> {
    const values = r.config.values;
    if (!isRec(values)) return { kind: 'fail', code: 'BAD_CONFIG', message: "'values' must be an object" };
    const caller = await this.caller(r.appId);
    const table = String(r.config.table);
    const objectId = stepRecordId(r.stepKey);
    // A step repeated after a crash finds the record its first run made.
    const known = (await this.ctx.data.schema(r.appId)).table(table);
    const existing = known && (await this.data.raw(r.appId, known, objectId));
    if (existing) return { kind: 'done', output: existing, port: 'out' };
    const record = await this.data.create(caller, table, { ...values, objectId });
    return { kind: 'done', output: record, port: 'out' };
  }

  private async http(r: ElementRun): Promise<Outcome> {
    const c = r.config;
    const headers: Record<string, string> = { 'idempotency-key': r.stepKey };
    if (isRec(c.headers)) for (const [k, v] of Object.entries(c.headers)) headers[k.toLowerCase()] = textOf(v);
    let body: string | undefined;
    if (c.body !== undefined && c.body !== null && c.method !== 'GET' && c.method !== 'HEAD') {
      body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
      if (typeof c.body !== 'string' && !headers['content-type']) headers['content-type'] = 'application/json';
    }
    try {
      const res = await requestRemote(textOf(c.url), {
        method: String(c.method) as RemoteMethod,
        headers,
        body,
        allowPrivate: this.ctx.config.remoteFetchPrivate,
        timeoutMs: HTTP_TIMEOUT_MS,
        maxAnswerBytes: HTTP_ANSWER_BYTES,
        overCap: 'cut',
      });
      let answer: unknown = res.text;
      if ((res.headers['content-type'] ?? '').includes('json'))
        try {
          answer = JSON.parse(res.text);
        } catch {
          // Kept as text: the server said JSON but sent something else.
        }
      if (res.status >= 400)
        return { kind: 'fail', code: `HTTP_${res.status}`, message: `${textOf(c.url)} answered ${res.status}` };
      return { kind: 'done', output: { status: res.status, headers: res.headers, body: answer }, port: 'out' };
    } catch (err) {
      const code = err instanceof RemoteRequestError ? err.code : 'HTTP_ERROR';
      return { kind: 'fail', code, message: (err as Error).message };
    }
  }
}

import { ErrorCodes } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import { RemoteRequestError, requestRemote } from '../../http/remote-fetch.js';

/** Largest answer read from Airtable (a page of 100 records with long texts stays far below). */
const MAX_ANSWER = 16 * 1024 * 1024;

export interface AirtableField {
  id?: string;
  name: string;
  type: string;
  options?: Record<string, unknown>;
}
export interface AirtableTable {
  id: string;
  name: string;
  fields: AirtableField[];
}
export interface AirtableRecord {
  id: string;
  createdTime?: string;
  fields: Record<string, unknown>;
}

/**
 * The Airtable REST API with a personal access token, called through the server's outbound guard
 * (http/remote-fetch.ts: public addresses only unless BASALT_REMOTE_FETCH_PRIVATE). Its base URL is
 * BASALT_AIRTABLE_API_URL (https://api.airtable.com by default).
 */
export class AirtableClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly allowPrivate: boolean,
  ) {}

  private async get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const url = new URL(path, this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    let res: { status: number; text: string };
    try {
      res = await requestRemote(url, {
        method: 'GET',
        headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
        allowPrivate: this.allowPrivate,
        timeoutMs: 30_000,
        maxAnswerBytes: MAX_ANSWER,
        overCap: 'fail',
      });
    } catch (err) {
      if (err instanceof RemoteRequestError)
        throw new ApiError(ErrorCodes.BAD_GATEWAY, `Airtable could not be reached: ${err.message}`);
      throw err;
    }
    if (res.status === 401 || res.status === 403)
      throw ApiError.field(
        'BAD_REQUEST',
        'accessToken',
        'Airtable refused the access token (or it lacks the scopes schema.bases:read and data.records:read)',
      );
    if (res.status === 404) throw ApiError.notFound('Airtable does not know this base or table');
    if (res.status === 422) throw ApiError.badRequest(`Airtable refused the request: ${res.text.slice(0, 200)}`);
    if (res.status < 200 || res.status >= 300)
      throw new ApiError(ErrorCodes.BAD_GATEWAY, `Airtable answered ${res.status}`);
    try {
      return JSON.parse(res.text) as T;
    } catch {
      throw new ApiError(ErrorCodes.BAD_GATEWAY, 'Airtable answered something that is not JSON');
    }
  }

  /** Every base the token reaches (paged by Airtable's `offset`). */
  async bases(): Promise<Array<{ id: string; name: string }>> {
    const out: Array<{ id: string; name: string }> = [];
    let offset: string | undefined;
    do {
      const page = await this.get<{ bases?: Array<{ id: string; name: string }>; offset?: string }>(
        'v0/meta/bases',
        offset ? { offset } : {},
      );
      for (const b of page.bases ?? []) out.push({ id: String(b.id), name: String(b.name) });
      offset = page.offset;
    } while (offset);
    return out;
  }

  /** The base's tables and their fields. */
  async tables(baseId: string): Promise<AirtableTable[]> {
    const page = await this.get<{ tables?: AirtableTable[] }>(`v0/meta/bases/${encodeURIComponent(baseId)}/tables`);
    if (!Array.isArray(page.tables)) throw new ApiError(ErrorCodes.BAD_GATEWAY, 'Airtable answered no tables');
    return page.tables;
  }

  /** One page of a table's records; `offset` of the answer asks for the next one. */
  records(baseId: string, tableId: string, offset?: string): Promise<{ records?: AirtableRecord[]; offset?: string }> {
    return this.get(`v0/${encodeURIComponent(baseId)}/${encodeURIComponent(tableId)}`, {
      pageSize: '100',
      ...(offset ? { offset } : {}),
    });
  }
}

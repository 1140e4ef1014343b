import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AppSchema, TableMeta } from '../schema/app-schema.js';
import { MAX_PAGE_SIZE, type FindSpec } from './find-spec.js';
import type { RecordsQuery } from './records.query.js';
import { isSpatialType, readGeometry, toWkt } from '@basalt/shared';
import { isHidden } from './values.js';

/** Rows fetched per query while streaming an export (the largest page a find answers). */
const EXPORT_PAGE = MAX_PAGE_SIZE;

/** RFC 4180 cell: quoted when it holds a comma, quote, line break or edge spaces. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Streams the records matching the query as CSV: one header row of column names, then one row per
 * record, page by page so memory stays flat. DATETIME cells are ISO 8601 (UTC) so spreadsheets and
 * people read them, spatial cells WKT; the first page is fetched before the response starts, so a bad query is a
 * clean 400 instead of a broken download.
 */
export async function streamCsv(reply: FastifyReply, query: RecordsQuery, appId: string, schema: AppSchema, table: TableMeta, spec: FindSpec): Promise<FastifyReply> {
  const wanted = spec.props.filter((p) => p !== '*').map((p) => p.replace(/`/g, ''));
  const columns = (wanted.length ? wanted.map((n) => table.columns.find((c) => c.name === n)).filter((c) => c !== undefined) : table.columns)
    .filter((c) => !isHidden(table, c));
  // Pages read while the response streams carry the spec's client: they stop with it too (decision 0017).
  const page = (offset: number) => query.find(appId, schema, table, { ...spec, loadRelations: [], pageSize: EXPORT_PAGE, offset });
  const first = await page(0);

  const line = (record: Record<string, unknown>) =>
    `${columns.map((c) => {
      const v = record[c.name];
      if (c.dataType === 'DATETIME' && typeof v === 'number') return csvCell(new Date(v).toISOString());
      // Spatial values as WKT, which spreadsheets show and the import reads back.
      if (isSpatialType(c.dataType) && v) return csvCell(toWkt(readGeometry(v)));
      return csvCell(v);
    }).join(',')}\r\n`;

  async function* rows() {
    yield `${columns.map((c) => csvCell(c.name)).join(',')}\r\n`;
    let batch = first;
    let offset = 0;
    while (batch.length) {
      yield batch.map(line).join('');
      if (batch.length < EXPORT_PAGE) break;
      offset += EXPORT_PAGE;
      batch = await page(offset);
    }
  }
  const file = `${table.name}.csv`;
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .send(Readable.from(rows()));
}

/**
 * Cuts CSV text into chunks of whole rows, each led by the header line, so a big file can be
 * imported request by request with progress. Rows are found the RFC 4180 way: a line break inside
 * double quotes belongs to the cell, not to the row, so a chunk never cuts a quoted cell in two.
 */

/** One chunk: its text (header line first) and where its rows are in the whole file. */
export interface CsvChunk {
  text: string;
  /** Physical line (1-based) of the file where the chunk's first data row starts. */
  firstLine: number;
  /** Data rows in the chunk (blank lines not counted). */
  rows: number;
}

export interface CsvChunkOptions {
  /** Data rows per chunk (default 2,000). */
  rowsPerChunk?: number;
  /** Characters per chunk before it is closed early (default 3,000,000: under 10 MB on the wire). */
  maxChars?: number;
  /** The first line names the columns and leads every chunk (default true). */
  hasHeader?: boolean;
}

interface Span {
  start: number;
  end: number;
  line: number;
  blank: boolean;
}

/** Start, end (after its line break) and first line of every row of the text. */
function rowSpans(text: string): Span[] {
  const spans: Span[] = [];
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const start = i;
    const startLine = line;
    let quoted = false;
    let content = false;
    for (; i < n; i++) {
      const c = text[i];
      if (c === '"') quoted = !quoted;
      if (c === '\r' || c === '\n') {
        const width = c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line++;
        if (!quoted) {
          i += width;
          break;
        }
        i += width - 1;
        continue;
      }
      if (c !== '\ufeff') content = true;
    }
    spans.push({ start, end: i, line: startLine, blank: !content });
  }
  return spans;
}

/** The chunks of a CSV text; no chunk when it has no data rows. */
export function splitCsv(text: string, options: CsvChunkOptions = {}): CsvChunk[] {
  const perChunk = Math.max(1, options.rowsPerChunk ?? 2000);
  const maxChars = options.maxChars ?? 3_000_000;
  const spans = rowSpans(text);
  const headerAt = options.hasHeader === false ? -1 : spans.findIndex((s) => !s.blank);
  let header = headerAt >= 0 ? text.slice(spans[headerAt].start, spans[headerAt].end) : '';
  if (header && !/[\r\n]$/.test(header)) header += '\r\n';
  const rows = spans.slice(headerAt + 1);

  const chunks: CsvChunk[] = [];
  let from = 0;
  while (from < rows.length) {
    while (from < rows.length && rows[from].blank) from++;
    if (from >= rows.length) break;
    let to = from;
    let count = 0;
    // Blank lines stay inside a chunk so the server counts the same lines as the file has.
    while (to < rows.length && count < perChunk) {
      if (!rows[to].blank) {
        if (count > 0 && rows[to].end - rows[from].start + header.length > maxChars) break;
        count++;
      }
      to++;
    }
    let body = text.slice(rows[from].start, rows[to - 1].end);
    if (!/[\r\n]$/.test(body)) body += '\r\n';
    chunks.push({ text: header + body, firstLine: rows[from].line, rows: count });
    from = to;
  }
  return chunks;
}

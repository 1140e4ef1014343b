import type { CsvRejectedRow } from '@basalt/shared';

/** One record of a CSV text: its cells, the file line it starts on and its raw text. */
export interface CsvRow {
  line: number;
  cells: string[];
  text: string;
}

/**
 * Splits CSV text into records (RFC 4180 quoting: a quoted cell may hold commas, quotes doubled
 * and line breaks). Only what the import dialog needs on this side: the header to map and the raw
 * rows the server rejected, found again by the line number it reports. The server parses the
 * text itself; this never decides what is valid.
 */
export function readCsvRows(text: string, limit = Infinity): CsvRow[] {
  const rows: CsvRow[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let start = 0;
  let touched = false;
  const endRow = (end: number) => {
    cells.push(cell);
    const raw = body.slice(start, end).replace(/\r$/, '');
    // Blank lines are not rows, for the server either.
    if (touched || cells.length > 1 || cell !== '') rows.push({ line: startLine, cells, text: raw });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < body.length && rows.length < limit; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"') {
      quoted = true;
      touched = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n') {
      endRow(i);
      line++;
      startLine = line;
      start = i + 1;
    } else if (ch !== '\r') cell += ch;
  }
  if (rows.length < limit && start < body.length) endRow(body.length);
  return rows;
}

/** The header names of a CSV text (its first record), trimmed as the server trims them. */
export function csvHeader(text: string): string[] {
  return (readCsvRows(text.slice(0, 64 * 1024), 1)[0]?.cells ?? []).map((h) => h.trim());
}

function quote(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The rejected rows as a CSV to fix and import again: the original header and cells, plus the
 * file line and the reason at the end of each row.
 */
export function rejectedRowsCsv(text: string, rejected: CsvRejectedRow[]): string {
  const rows = readCsvRows(text);
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const header = rows[0]?.text ?? '';
  const reasons = new Map<number, string[]>();
  for (const r of rejected) reasons.set(r.row, [...(reasons.get(r.row) ?? []), r.column ? `${r.column}: ${r.message}` : r.message]);
  const out = [`${header},import_line,import_error`];
  for (const [line, messages] of [...reasons.entries()].sort((a, b) => a[0] - b[0])) {
    out.push(`${byLine.get(line)?.text ?? ''},${line},${quote(messages.join('; '))}`);
  }
  return `${out.join('\n')}\n`;
}

/** The rejected rows as a CSV report (file line, column, reason), for files not kept in the page. */
export function rejectionReportCsv(rejected: CsvRejectedRow[]): string {
  const out = ['line,column,reason', ...rejected.map((r) => `${r.row},${quote(r.column ?? '')},${quote(r.message)}`)];
  return `${out.join('\n')}\n`;
}

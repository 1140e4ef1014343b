/**
 * A CSV reader after RFC 4180: cells separated by one delimiter character, records by CRLF, LF or
 * a lone CR; a cell in double quotes may hold delimiters, quotes (doubled) and line breaks.
 *
 * An unquoted empty cell reads as `null` and a quoted one (`""`) as the empty string, so an import
 * can tell "no value" from "empty text". Lines with nothing on them are skipped. Each record carries
 * the 1-based line where it starts, counted in physical lines, so a message can point an editor at it.
 */

export interface CsvRecord {
  /** Physical line (1-based) where the record starts. */
  line: number;
  cells: Array<string | null>;
}

export class CsvSyntaxError extends Error {
  /** `recordLine`: where the record holding the error starts (to place a chunk's errors in its file). */
  constructor(
    message: string,
    readonly line: number,
    readonly recordLine = line,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

const QUOTE = 34;
const CR = 13;
const LF = 10;

/** Line breaks inside a piece of quoted text: CRLF counts once, a lone CR or LF once each. */
function countBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === LF) n++;
    else if (c === CR && text.charCodeAt(i + 1) !== LF) n++;
  }
  return n;
}

export interface CsvParseOptions {
  delimiter?: string;
  /** A record with more cells than this stops the reader (keeps a hostile line from filling memory). */
  maxCells?: number;
}

/** Reads records one by one; throws `CsvSyntaxError` naming the line of malformed input. */
export function* readCsv(text: string, options: CsvParseOptions = {}): Generator<CsvRecord> {
  const delimiter = options.delimiter ?? ',';
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\r' || delimiter === '\n')
    throw new Error('The delimiter must be one character other than a quote or line break');
  const delim = delimiter.charCodeAt(0);
  const maxCells = options.maxCells ?? Infinity;
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark is not part of the first header
  let line = 1;

  while (i < n) {
    const start = line;
    const cells: Array<string | null> = [];
    for (;;) {
      if (cells.length >= maxCells)
        throw new CsvSyntaxError(`Line ${start} has more than ${maxCells} cells`, start, start);
      if (text.charCodeAt(i) === QUOTE) {
        const quotedFrom = line;
        let value = '';
        i++;
        for (;;) {
          const close = text.indexOf('"', i);
          if (close < 0)
            throw new CsvSyntaxError(
              `A quoted cell that starts on line ${quotedFrom} is never closed`,
              quotedFrom,
              start,
            );
          line += countBreaks(text, i, close);
          value += text.slice(i, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += '"';
            i = close + 2;
            continue;
          }
          i = close + 1;
          break;
        }
        const next = text.charCodeAt(i);
        if (i < n && next !== delim && next !== CR && next !== LF) {
          throw new CsvSyntaxError(
            `Line ${line} has text after the closing quote of a cell; quotes inside a quoted cell are written twice ("")`,
            line,
            start,
          );
        }
        cells.push(value);
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === delim || c === CR || c === LF) break;
          j++;
        }
        cells.push(j === i ? null : text.slice(i, j));
        i = j;
      }
      if (i >= n) break;
      const c = text.charCodeAt(i);
      if (c === delim) {
        i++;
        // A delimiter as the very last character still opens one (empty) cell.
        if (i >= n) {
          cells.push(null);
          break;
        }
        continue;
      }
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      break;
    }
    if (cells.length === 1 && cells[0] === null) continue;
    yield { line: start, cells };
  }
}

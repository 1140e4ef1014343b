import { CsvSyntaxError, readCsv, type CsvParseOptions, type CsvRecord } from './csv-parse.js';

const QUOTE = 34;
const CR = 13;
const LF = 10;

/**
 * Where complete records end in text arriving piece by piece: the position after the last line
 * feed that is outside a quoted cell. The scan keeps its state between pieces, so each character
 * is looked at once. A quote opens a quoted cell only at the start of a cell, as `readCsv` reads it.
 */
class RecordBoundary {
  private pos = 0;
  private quoted = false;
  private cellStart = true;

  constructor(private readonly delim: number) {}

  /** Scans `text` from where the last call stopped; answers the end of the last complete record (0: none yet). */
  scan(text: string): number {
    let boundary = 0;
    let i = this.pos;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.quoted) {
        if (c !== QUOTE) continue;
        // A quote at the very end may be the first of a doubled one: wait for the next piece.
        if (i + 1 >= text.length) break;
        if (text.charCodeAt(i + 1) === QUOTE) i++;
        else this.quoted = false;
        continue;
      }
      if (c === QUOTE && this.cellStart) {
        this.quoted = true;
        this.cellStart = false;
      } else if (c === this.delim || c === CR) {
        this.cellStart = true;
      } else if (c === LF) {
        this.cellStart = true;
        boundary = i + 1;
      } else this.cellStart = false;
    }
    this.pos = i - boundary;
    return boundary;
  }
}

/** Physical lines in a piece of text that ends with a line feed (CRLF once, a lone CR once). */
function lineBreaks(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF) n++;
    else if (c === CR && text.charCodeAt(i + 1) !== LF) n++;
  }
  return n;
}

/**
 * Reads CSV records from text that arrives in pieces (a stored upload read piece by piece), with
 * the line numbers of the whole file, holding only the unfinished record between pieces. Each run
 * of complete records goes through `readCsv`, so a streamed file reads exactly as the same text
 * read at once.
 */
export async function* streamCsv(
  pieces: AsyncIterable<string>,
  options: CsvParseOptions = {},
): AsyncGenerator<CsvRecord> {
  const boundary = new RecordBoundary((options.delimiter ?? ',').charCodeAt(0));
  let pending = '';
  let linesBefore = 0;
  let first = true;
  const parse = function* (text: string): Generator<CsvRecord> {
    // A byte-order mark is only skipped at the start of the file: a later piece that starts with
    // one (as data) is read after an empty line, which readCsv skips and the line count takes back.
    const body = !first && text.charCodeAt(0) === 0xfeff ? `\n${text}` : text;
    const shift = body !== text ? linesBefore - 1 : linesBefore;
    first = false;
    try {
      for (const record of readCsv(body, options)) yield { line: record.line + shift, cells: record.cells };
    } catch (err) {
      if (err instanceof CsvSyntaxError) {
        throw new CsvSyntaxError(
          err.message.replace(String(err.line), String(err.line + shift)),
          err.line + shift,
          err.recordLine + shift,
        );
      }
      throw err;
    }
  };
  for await (const piece of pieces) {
    pending += piece;
    const end = boundary.scan(pending);
    if (!end) continue;
    const complete = pending.slice(0, end);
    pending = pending.slice(end);
    yield* parse(complete);
    linesBefore += lineBreaks(complete);
  }
  if (pending) yield* parse(pending);
}

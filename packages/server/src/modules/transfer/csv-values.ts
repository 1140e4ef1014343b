import type { ScalarDataType } from '@basalt/shared';

/**
 * Turns CSV cell text into the value a record create takes. Spreadsheets write booleans, dates and
 * numbers in forms the JSON record API does not accept (`yes`, `2024-03-01 09:30`), so those are
 * read here; everything else goes through as text and the create validation of the data service
 * judges it, so an import accepts exactly what a create accepts.
 */

export class CellError extends Error {
  constructor(
    message: string,
    readonly column: string,
  ) {
    super(message);
    this.name = 'CellError';
  }
}

function show(text: string): string {
  return text.length > 60 ? `'${text.slice(0, 57)}...'` : `'${text}'`;
}

function bad(column: string, dataType: ScalarDataType, text: string, expected: string): CellError {
  return new CellError(
    `Value ${show(text)} is not valid for column '${column}' (${dataType}): expected ${expected}`,
    column,
  );
}

const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const EPOCH = /^-?\d+$/;
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * `yyyy-mm-dd[ hh:mm[:ss[.mmm]]]` without a zone is read as UTC, the zone our CSV export writes,
 * so an exported file imports back to the same instants whatever the server's zone.
 */
function plainDate(text: string): number | undefined {
  const m = PLAIN_DATE.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = m.slice(1);
  const parts = [
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Number(ms.padEnd(3, '0')),
  ] as const;
  const value = Date.UTC(...parts);
  const back = new Date(value);
  // Date.UTC rolls 2024-02-31 over to March; a date that does not come back unchanged is not a date.
  if (
    back.getUTCFullYear() !== parts[0] ||
    back.getUTCMonth() !== parts[1] ||
    back.getUTCDate() !== parts[2] ||
    parts[3] > 23 ||
    parts[4] > 59 ||
    parts[5] > 59
  )
    return undefined;
  return value;
}

/** The record value of one non-empty cell for a column of this type. */
export function cellValue(column: string, dataType: ScalarDataType, text: string): unknown {
  switch (dataType) {
    case 'BOOLEAN': {
      const t = text.trim().toLowerCase();
      if (TRUE.has(t)) return true;
      if (FALSE.has(t)) return false;
      throw bad(column, dataType, text, 'true, false, yes, no, 1 or 0');
    }
    case 'INT': {
      const t = text.trim();
      if (!/^[+-]?\d+$/.test(t)) throw bad(column, dataType, text, 'a whole number');
      const n = Number(t);
      if (!Number.isSafeInteger(n))
        throw bad(
          column,
          dataType,
          text,
          `a whole number between ${-Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`,
        );
      return n;
    }
    case 'DOUBLE': {
      const t = text.trim();
      const n = DECIMAL.test(t) ? Number(t) : NaN;
      if (!Number.isFinite(n)) throw bad(column, dataType, text, 'a number with . as the decimal point');
      return n;
    }
    case 'DATETIME': {
      const t = text.trim();
      if (EPOCH.test(t)) {
        const n = Number(t);
        if (Number.isSafeInteger(n)) return n;
      }
      const plain = plainDate(t);
      if (plain !== undefined) return plain;
      if (ZONED_ISO.test(t)) {
        const ms = Date.parse(t);
        if (Number.isFinite(ms)) return ms;
      }
      throw bad(column, dataType, text, 'epoch milliseconds, an ISO 8601 date or yyyy-mm-dd[ hh:mm[:ss]]');
    }
    case 'JSON':
      // JSON text (as the export writes objects and lists); other text is a text value, as the
      // export writes one.
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** Related record ids in one cell: one id, or several separated by commas, semicolons or spaces. */
export function relationIds(text: string): string[] {
  return text.split(/[\s,;]+/).filter((s) => s.length > 0);
}

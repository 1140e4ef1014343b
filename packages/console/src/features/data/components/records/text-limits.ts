import type { DataColumn } from '@basalt/shared';

/** Longest text each text type stores (the server's limits, values.ts TEXT_LIMITS). */
export const TEXT_LIMITS: Record<string, number> = { STRING: 500, STRING_ID: 100, EXTENDED_STRING: 65_535, TEXT: 1_000_000, FILE_REF: 500 };

/** Checks a text value against its column's declared length; null when it fits. */
export function lengthError(column: Pick<DataColumn, 'dataType'>, text: string): string | null {
  const limit = TEXT_LIMITS[column.dataType];
  return limit !== undefined && text.length > limit ? `${text.length.toLocaleString('en-US')} characters; this column holds at most ${limit.toLocaleString('en-US')}` : null;
}

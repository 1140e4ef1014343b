/**
 * Recognises constraint violations by the driver's error code. The codes of both drivers are
 * listed side by side; nothing here depends on which database is in use.
 */
function code(err: unknown): string {
  return String((err as { code?: unknown })?.code ?? '');
}

export function isUniqueViolation(err: unknown): boolean {
  const c = code(err);
  return c === '23505' || c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isNotNullViolation(err: unknown): boolean {
  const c = code(err);
  return c === '23502' || c === 'SQLITE_CONSTRAINT_NOTNULL';
}

/** Name of the unique index that failed, when the driver says it (PostgreSQL's `constraint`). */
export function violatedIndex(err: unknown): string | undefined {
  const e = err as { constraint?: string; message?: string };
  if (e?.constraint) return e.constraint;
  const m = /UNIQUE constraint failed: [^.]+\.(\S+)/.exec(e?.message ?? '');
  return m ? m[1] : undefined;
}

import { SqlParamTypes, type SqlParamType } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import type { SqlDialect } from './sql-text.js';

const bad = (name: string, message: string) => ApiError.field('VALIDATION', `params.${name}`, message);

/** A declared parameter type, upper-cased; anything else is a field error of the query. */
export function paramType(name: string, type: unknown): SqlParamType {
  const t = String(type ?? '').toUpperCase();
  if (!(SqlParamTypes as readonly string[]).includes(t))
    throw bad(name, `The parameter '${name}' has the type '${String(type)}'; types are ${SqlParamTypes.join(', ')}`);
  return t as SqlParamType;
}

/**
 * A value converted to its parameter's type before it is bound (`"3"` for an INTEGER is 3; `"x"` is
 * a 400), so the database never sees a value of another type than the query was saved with.
 * Dates travel as ISO text, booleans as 1/0 on SQLite (which has no boolean).
 */
export function typedValue(name: string, type: SqlParamType, value: unknown, dialect: SqlDialect): unknown {
  if (value === null) return null;
  switch (type) {
    case 'STRING':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      throw bad(name, `The parameter '${name}' must be text`);
    case 'INTEGER': {
      const n = typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim()) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n))
        throw bad(name, `The parameter '${name}' must be a whole number`);
      return n;
    }
    case 'NUMBER': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw bad(name, `The parameter '${name}' must be a number`);
      return n;
    }
    case 'BOOLEAN': {
      const b = value === 'true' ? true : value === 'false' ? false : value;
      if (typeof b !== 'boolean') throw bad(name, `The parameter '${name}' must be true or false`);
      return dialect === 'sqlite' ? (b ? 1 : 0) : b;
    }
    case 'DATETIME': {
      const d = typeof value === 'number' ? new Date(value) : typeof value === 'string' ? new Date(value) : undefined;
      if (!d || Number.isNaN(d.getTime()))
        throw bad(name, `The parameter '${name}' must be a date (ISO text or epoch ms)`);
      return dialect === 'mysql' ? d.toISOString().slice(0, 23).replace('T', ' ') : d.toISOString();
    }
  }
}

/** Values of a dynamic select: plain text, numbers, booleans or null (no objects: nothing to guess). */
export function plainValues(values: Record<string, unknown> | undefined, dialect: SqlDialect): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(values ?? {})) {
    if (v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) out[name] = v;
    else if (typeof v === 'boolean') out[name] = dialect === 'sqlite' ? (v ? 1 : 0) : v;
    else throw bad(name, `The parameter '${name}' must be text, a number, true/false or null`);
  }
  return out;
}

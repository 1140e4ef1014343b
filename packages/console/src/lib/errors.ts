import { fieldErrorsOf, type FieldError } from '@basalt/shared';

/** What the console needs to know about a failed call, whatever threw it. */
export interface ErrorInfo {
  message: string;
  code?: string | number;
  status?: number;
  /** The first form field the server blamed (`details.fields[0].field`), so the message can sit under it. */
  field?: string;
  /** Every field the server blamed, each with its own message (`details.fields`). */
  fields: FieldError[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function errorInfo(error: unknown): ErrorInfo {
  if (!isRecord(error)) return { message: String(error ?? 'Something went wrong'), fields: [] };
  const body = isRecord(error.body) ? error.body : undefined;
  const fields = fieldErrorsOf(body?.details);
  const message = typeof error.message === 'string' && error.message ? error.message : 'Something went wrong';
  const code = typeof error.code === 'string' || typeof error.code === 'number' ? error.code : undefined;
  const status = typeof error.status === 'number' ? error.status : undefined;
  return { message, code, status, field: fields[0]?.field, fields };
}

export function errorStatus(error: unknown): number | undefined {
  return errorInfo(error).status;
}

export function isUnauthorized(error: unknown): boolean {
  return errorStatus(error) === 401;
}

/** The message for a form field, when the server blamed that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!error) return undefined;
  return errorInfo(error).fields.find((f) => f.field === field)?.message;
}

/** The message for the top of a form, when no field of the form took it. */
export function formError(error: unknown, fields: string[]): string | undefined {
  if (!error) return undefined;
  const info = errorInfo(error);
  return info.fields.some((f) => fields.includes(f.field)) ? undefined : info.message;
}

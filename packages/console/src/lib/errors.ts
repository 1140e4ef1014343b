/** What the console needs to know about a failed call, whatever threw it. */
export interface ErrorInfo {
  message: string;
  code?: string | number;
  status?: number;
  /** The form field the server blamed (`details.field`), so the message can sit under it. */
  field?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function errorInfo(error: unknown): ErrorInfo {
  if (!isRecord(error)) return { message: String(error ?? 'Something went wrong') };
  const body = isRecord(error.body) ? error.body : undefined;
  const details = body && isRecord(body.details) ? body.details : undefined;
  const message = typeof error.message === 'string' && error.message ? error.message : 'Something went wrong';
  const code = typeof error.code === 'string' || typeof error.code === 'number' ? error.code : undefined;
  const status = typeof error.status === 'number' ? error.status : undefined;
  const field = details && typeof details.field === 'string' ? details.field : undefined;
  return { message, code, status, field };
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
  const info = errorInfo(error);
  return info.field === field ? info.message : undefined;
}

/** The message for the top of a form, when no field took it. */
export function formError(error: unknown, fields: string[]): string | undefined {
  if (!error) return undefined;
  const info = errorInfo(error);
  return info.field && fields.includes(info.field) ? undefined : info.message;
}

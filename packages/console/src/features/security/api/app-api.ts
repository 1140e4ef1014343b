import type { DataRecord } from '@basalt/sdk';

/** A failed app API call, shaped like the console's errors so `ErrorAlert` can show it. */
export class AppApiError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string | number) {
    super(message);
  }
}

async function call<T>(url: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' } });
  } catch {
    throw new AppApiError('No connection with server', 0);
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // plain text answer
  }
  if (!res.ok) {
    const b = (body && typeof body === 'object' ? body : {}) as { message?: string; code?: string | number };
    throw new AppApiError(b.message ?? (typeof body === 'string' && body ? body : `Status ${res.status}`), res.status, b.code);
  }
  return body as T;
}

/**
 * Reads a table through the app-facing API exactly as an app would, anonymously with one API key:
 * the server's own permission decision, not the console's guess. (Run as only; the console
 * otherwise talks to the server through the SDK.)
 */
export async function appApiFind(appId: string, apiKey: string, table: string, pageSize = 20): Promise<{ records: DataRecord[]; total: number }> {
  const base = `${window.location.origin}/${encodeURIComponent(appId)}/${encodeURIComponent(apiKey)}/data/${encodeURIComponent(table)}`;
  const [records, total] = await Promise.all([call<DataRecord[]>(`${base}?pageSize=${pageSize}`), call<number>(`${base}/count`)]);
  return { records: Array.isArray(records) ? records : [], total: typeof total === 'number' ? total : Number(total) || 0 };
}

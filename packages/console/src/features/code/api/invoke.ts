import { useMutation } from '@tanstack/react-query';

/** A method as the invoke panel needs it: its verb, route and parameter names. */
export interface InvokableMethod {
  name: string;
  method: string;
  path: string;
  params: { name: string; type?: string; required?: boolean; description?: string }[];
}

export interface InvokeInput {
  service: string;
  method: InvokableMethod;
  /** Parameter values by name, already parsed from the form. */
  args: Record<string, unknown>;
  /** The app's REST key: the console calls the app API exactly as a client app would. */
  apiKey: string;
  /** Run as this user (their token); anonymous when empty. */
  userToken?: string;
}

/** A failed call: what errorInfo() reads (message, status, code) plus how long it took. */
export class InvokeError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | number | undefined,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

export interface InvokeOutcome {
  status: number;
  durationMs: number;
  body: unknown;
}

/**
 * Calls a service method through the app API (`/{appId}/{apiKey}/services/{service}/{method}`), as
 * the published app SDK does: a GET method takes its arguments in the query string; otherwise a
 * one-parameter method gets the bare value as its body and a method with several gets them by name.
 */
export async function invokeServiceMethod(appId: string, input: InvokeInput): Promise<InvokeOutcome> {
  const base = `${window.location.origin}/${encodeURIComponent(appId)}/${encodeURIComponent(input.apiKey)}/services/${encodeURIComponent(input.service)}`;
  const headers: Record<string, string> = {};
  if (input.userToken) headers['user-token'] = input.userToken;
  const verb = input.method.method.toUpperCase();
  let url = `${base}/${encodeURIComponent(input.method.name)}`;
  let body: string | undefined;
  if (verb === 'GET') {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(input.args)) {
      if (value === undefined) continue;
      query.set(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    const text = query.toString();
    url = `${base}${input.method.path || `/${encodeURIComponent(input.method.name)}`}${text ? `?${text}` : ''}`;
  } else {
    const names = input.method.params.map((p) => p.name);
    const payload = names.length === 1 ? input.args[names[0]] : input.args;
    body = JSON.stringify(payload ?? null);
    headers['content-type'] = 'application/json';
  }
  const started = performance.now();
  const response = await fetch(url, { method: verb === 'GET' ? 'GET' : 'POST', headers, body });
  const durationMs = Math.round(performance.now() - started);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // A method may answer plain text; show it as it came.
  }
  if (!response.ok) {
    const info = (parsed && typeof parsed === 'object' ? parsed : {}) as { code?: unknown; message?: unknown };
    throw new InvokeError(
      typeof info.message === 'string' ? info.message : `The call answered ${response.status}`,
      response.status,
      info.code as string | number | undefined,
      durationMs,
    );
  }
  return { status: response.status, durationMs, body: parsed };
}

/** The invoke panel's call; its errors show in the panel, not as a toast. */
export function useInvokeServiceMethod(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: InvokeInput) => invokeServiceMethod(appId, input),
  });
}

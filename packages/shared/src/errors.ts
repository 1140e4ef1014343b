/**
 * The one registry of error codes that the server answers with. Every error body on the wire is
 * `{ code, message }` (plus optional `details`) with a 4xx/5xx status; the status belongs to the
 * code, so a call site names a code and never picks a status of its own (docs/decisions/0039).
 *
 * `app` is the numeric code the app API answers instead of the text code: the `backendless` SDK
 * reads a number, and reacts to 3064 itself (drops its token). A code without one answers 8001
 * when its status is 5xx and 8000 otherwise. docs/security.md lists the app API's numbers.
 *
 * The table is closed: `ErrorCode` is the union of its keys, so `new ApiError('NOT_A_CODE', …)`
 * does not compile. Add a row here before throwing a new code.
 */
export const ERRORS = {
  // Any surface
  BAD_REQUEST: { status: 400, app: 8000 },
  /** A request or a field that breaks a rule; field errors list each field in `details.fields`. */
  VALIDATION: { status: 400, app: 8000 },
  UNAUTHORIZED: { status: 401, app: 8002 },
  FORBIDDEN: { status: 403, app: 1011 },
  NOT_FOUND: { status: 404, app: 1000 },
  CONFLICT: { status: 409, app: 1155 },
  /** A multipart upload route sent a body that is not multipart (@fastify/multipart answers 406). */
  NOT_ACCEPTABLE: { status: 406, app: 8000 },
  PAYLOAD_TOO_LARGE: { status: 413, app: 8004 },
  /** The body has a content type the route does not read (Fastify's content-type parser). */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, app: 8000 },
  RATE_LIMITED: { status: 429, app: 3036 },
  /** The client closed the connection before the answer (nobody reads it; the log does). */
  CLIENT_CLOSED: { status: 499, app: 8000 },
  INTERNAL: { status: 500, app: 8001 },
  /** Record permissions too many to filter a query for this caller. */
  ACL_TOO_LARGE: { status: 500, app: 8001 },
  NOT_AVAILABLE_YET: { status: 501, app: 8003 },
  /** A remote server the request named (a URL to download) failed or answered badly. */
  BAD_GATEWAY: { status: 502 },
  SERVICE_UNAVAILABLE: { status: 503, app: 8010 },
  GATEWAY_TIMEOUT: { status: 504 },

  // App lifecycle (clone, export, import, reset: decision 0059)
  /** An uploaded ZIP that is not an app export (no manifest, or a manifest of another kind or version). */
  NOT_AN_APP_EXPORT: { status: 400 },
  /** An archive entry that could write outside its place or blow up: `../`, absolute names, links, oversize, ratio over 100:1. */
  UNSAFE_ARCHIVE: { status: 400 },
  /** A destructive action whose typed confirmation (the app's name) is missing or differs. */
  CONFIRMATION_MISMATCH: { status: 400 },

  // Plans and limits (decision 0082): the message names the component, the number and the plan.
  /** A rate component of the app's plan (API calls per minute or day) is used up: `Retry-After` says when to come back. */
  PLAN_RATE_LIMIT: { status: 429, app: 3036 },
  /** A capacity component of the plan (file storage, tables, records) is full; `details` names it. Nothing was written. */
  PLAN_LIMIT_REACHED: { status: 402, app: 3037 },
  /** A plan switch refused because usage is over the new plan's limits; `details.components` lists them. */
  PLAN_LIMITS_EXCEEDED: { status: 409 },
  /** The operator switched this area off (BASALT_FEATURES). */
  FEATURE_DISABLED: { status: 403 },
  /** A paid marketplace product and no payment provider to charge through; nothing was recorded. */
  PAYMENT_REQUIRED: { status: 402 },
  /** A body that holds something like a card number (decision 0089): cards are entered only on the provider's page. */
  RAW_CARD_DATA_REFUSED: { status: 400 },

  // PDF from templates (decision 0087)
  /** The server has no Chromium to print with (BASALT_CHROMIUM_PATH); the message says what to install. */
  PDF_RENDERER_MISSING: { status: 501 },

  // Console sign-in
  INVALID_CREDENTIALS: { status: 401 },
  /** A two-factor code that ends the sign-in attempt (a 400 one is a field error of `otpCode`). */
  INVALID_OTP: { status: 401 },

  // App API (the numbers the `backendless` SDK knows)
  /** The application id or API key in the path is not valid. */
  INVALID_APP: { status: 401, app: 8002 },
  PANIC: { status: 503, app: 8010 },
  TABLE_NOT_FOUND: { status: 404, app: 1009 },
  INVALID_LOGIN: { status: 401, app: 3003 },
  REGISTRATION_DISABLED: { status: 403, app: 3009 },
  INVALID_USER_TOKEN: { status: 401, app: 3064 },
  USER_DISABLED: { status: 401, app: 3090 },
  /** An app store (Google Play) could not be asked or failed. */
  STORE_UNAVAILABLE: { status: 503, app: 8001 },
  OAUTH_PROVIDER_UNKNOWN: { status: 404, app: 3100 },
  OAUTH_PROVIDER_DISABLED: { status: 403, app: 3101 },
  OAUTH_TOKEN_REJECTED: { status: 401, app: 3102 },
  OAUTH_PROVIDER_UNAVAILABLE: { status: 502, app: 3103 },
  OAUTH_STATE_INVALID: { status: 400, app: 3104 },
  OAUTH_PROFILE_INCOMPLETE: { status: 400, app: 3105 },

  // AI assistance (decision 0076)
  /** No AI provider is configured on this server (BASALT_AI_BASE_URL): the feature stays off. */
  AI_NOT_CONFIGURED: { status: 503 },
  /**
   * The AI provider answered an error, nothing usable, or not in time. 424 (failed dependency), not
   * 502: the reference client reads every 502 as "No connection with server" and drops the message.
   */
  AI_PROVIDER_FAILED: { status: 424 },
  /** A request that is understood but cannot be carried out as asked (an assistant id of a retired API). */
  UNPROCESSABLE: { status: 422 },

  // Missions and community (decision 0083)
  /** A social task while the operator has not enabled them (a self-hosted server cannot check a post). */
  SOCIAL_TASKS_OFF: { status: 403 },
  /** Registration on an invite-only instance without a valid, unused invitation. */
  INVITATION_REQUIRED: { status: 403 },
  /** A developer the community moderators blacklisted tried to post. */
  BLACKLISTED: { status: 403 },
  // SQL service (decision 0078): external databases and the app's own database, read-only
  /** The external database could not be reached or refused the sign-in: its own message. 424, never 502. */
  SQL_CONNECTION_FAILED: { status: 424 },
  /** The database refused the statement (syntax, unknown table ...): its own message. */
  SQL_ERROR: { status: 400 },
  /** A query that is not one read-only SELECT, refused before it reaches the database. */
  SQL_NOT_READ_ONLY: { status: 400 },
  /** A select ran past the SQL service's time limit and was cancelled in the database. */
  SQL_TIMEOUT: { status: 400 },

  // Cloud code (the sandbox: packages/server/src/sandbox, docs/decisions/0045)
  /** A deploy whose files do not build (syntax error ...), or a bundle that throws while it registers: the message names file and line; production is unchanged. */
  CLOUD_CODE_DEPLOY_ERROR: { status: 400, app: 8000 },
  /** Developer code ran past its time limit; the message says "Task execution is aborted due to timeout". */
  CLOUD_CODE_TIMEOUT: { status: 400 },
  /** Developer code went past the memory limit of its app's isolate. */
  CLOUD_CODE_MEMORY: { status: 400 },
  /** The sandbox process died under the call (it is restarted); never 502, which the reference client reads as "no connection". */
  CLOUD_CODE_SANDBOX_CRASHED: { status: 503, app: 8010 },
  /** An uncaught error in developer code: its message. */
  CLOUD_CODE_ERROR: { status: 400 },
  /**
   * Developer code threw `ServerCode.Error(code, message, httpStatus)`: the answer carries the
   * developer's own code and status (ApiError's `answer` option), this code names the case server-side.
   */
  CLOUD_CODE_REJECTED: { status: 400 },
  /** A remote function behind a service (AWS Lambda) failed or could not be reached: its own errorMessage, or why. */
  CLOUD_CODE_REMOTE_ERROR: { status: 400 },

  // UI Builder (decision 0080)
  /** A page or layout document that breaks a rule: `details.issues` lists each with its place and code. */
  UI_DOCUMENT_INVALID: { status: 400, app: 8000 },
} as const satisfies Record<string, ErrorSpec>;

/** One row of the registry. */
export interface ErrorSpec {
  readonly status: number;
  readonly app?: number;
}

/** Every code the server may answer with: the keys of `ERRORS`, nothing else. */
export type ErrorCode = keyof typeof ERRORS;

/** The codes by name (`ErrorCodes.NOT_FOUND === 'NOT_FOUND'`), for call sites that prefer a constant. */
export const ErrorCodes = Object.fromEntries(Object.keys(ERRORS).map((k) => [k, k])) as {
  readonly [K in ErrorCode]: K;
};

/** True when `code` is a key of the registry (answers read off the wire are plain strings). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, code);
}

/** The numeric app API code of an error code (8001 for an unlisted 5xx, 8000 for any other). */
export function appErrorCode(code: ErrorCode): number {
  const spec: ErrorSpec = ERRORS[code];
  return spec.app ?? (spec.status >= 500 ? 8001 : 8000);
}

/** One field's problem: the form puts `message` under the input named `field`. */
export interface FieldError {
  /** The input's name: a body property (`email`, `profile.name`) or a table column. */
  field: string;
  code: ErrorCode;
  message: string;
}

/**
 * Structured detail of an error. `fields` is the one shape of field errors; the loose keys that
 * once named a field (`field`, `column`, `clause`) are refused so no new one appears.
 */
export type ErrorDetails = Record<string, unknown> & {
  fields?: FieldError[];
  field?: never;
  column?: never;
  clause?: never;
};

/** What every error response body looks like. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** Optional structured detail, e.g. `{ fields: [{ field: 'email', … }] }` so a form can place the message. */
  details?: ErrorDetails;
}

/** The field errors of a body's details (none when it has no `fields` list). */
export function fieldErrorsOf(details: unknown): FieldError[] {
  const fields = (details as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields)
    ? fields.filter((f): f is FieldError => !!f && typeof f === 'object' && typeof (f as FieldError).field === 'string')
    : [];
}

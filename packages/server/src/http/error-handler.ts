import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { ErrorCodes, type ErrorCode, type ErrorDetails } from '@basalt/shared';
import { ApiError, fieldError } from './api-error.js';
import { multipartMessage } from './input-errors.js';
import { dbFailureOf, translateError } from '../db/db-errors.js';

export interface ErrorHandlerOptions {
  /** The console's index.html: answered for browser navigations to paths no route serves. */
  spaIndex?: Buffer;
}

/** Paths of the console API and the app API: never answered with the console page. */
const API_PATH = /^\/(console|api)(\/|$)|^\/[^/]+\/(console|api)(\/|$)/;

/** Maps every thrown error to the wire shape `{ code, message, details? }`. */
export function installErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  app.setErrorHandler((err: FastifyError | ApiError | Error, req, reply) => {
    const answer = errorAnswer(err);
    if (answer.log) req.log.error(err);
    return reply.status(answer.status).send(answer.body);
  });

  // Console pages of an app (`/apps/{appId}/files/…`) have the shape of app API routes
  // (`/:appId/:apiKey/files/*` would read `apps` as an app id): a browser loading one gets the
  // console before any route is tried.
  if (options.spaIndex) {
    const index = options.spaIndex;
    // A callback hook, not an async one: it runs on every request (the app API's included), and an
    // async hook costs each of them a promise and a queued tick.
    app.addHook('onRequest', (req, reply, done) => {
      if (
        req.method === 'GET' &&
        req.url.startsWith('/apps/') &&
        /^\/apps\/[^/?]+\/./.test(req.url) &&
        /text\/html/.test(req.headers.accept ?? '')
      ) {
        reply.type('text/html; charset=utf-8').send(index);
        return;
      }
      done();
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const pathOnly = req.url.split('?')[0];
    // A browser opening a console page (deep link or reload) asks for HTML; API clients do not.
    if (
      options.spaIndex &&
      req.method === 'GET' &&
      !API_PATH.test(pathOnly) &&
      /text\/html/.test(req.headers.accept ?? '')
    ) {
      return reply.type('text/html; charset=utf-8').send(options.spaIndex);
    }
    reply.status(404).send({ code: ErrorCodes.NOT_FOUND, message: `No route ${req.method} ${pathOnly}` });
  });
}

/** Codes of statuses Fastify and its plugins refuse requests with. */
const FASTIFY_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** What an error is answered with; `log` when it is the server's fault (logged with its stack). */
export interface ErrorAnswer {
  status: number;
  /** `code` is a registry code, or the developer's own code of a cloud-code rejection (ApiErrorAnswer). */
  body: { code: ErrorCode | string | number; message: string; details?: ErrorDetails };
  log: boolean;
}

/**
 * The one mapping of thrown errors to answers, used by Fastify's error handler and by the app
 * API's fast lane (fast-lane.ts), so both answer an error alike.
 */
export function errorAnswer(err: FastifyError | ApiError | Error): ErrorAnswer {
  // Something thrown that is not an object (a string, null) is the server's fault like any other.
  if (!err || typeof err !== 'object')
    return { status: 500, body: { code: ErrorCodes.INTERNAL, message: 'Internal server error' }, log: true };
  if (err instanceof ApiError) {
    return {
      status: err.status,
      body: { code: err.wireCode, message: err.message, ...(err.details ? { details: err.details } : {}) },
      log: err.status >= 500 && err.status !== 501 && err.status !== 503,
    };
  }
  const fe = err as FastifyError;
  if (fe.validation) {
    const { message, field } = describeValidation(fe);
    return {
      status: 400,
      body: {
        code: ErrorCodes.VALIDATION,
        message,
        ...(field ? { details: { fields: [fieldError(field, message)] } } : {}),
      },
      log: false,
    };
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    // Fastify's own refusals (body parser, content type, URL) carry a status: the code of the
    // registry with that status, and a plain 400 for any status the registry has no code for.
    const code = FASTIFY_CODES[fe.statusCode];
    return {
      status: code ? fe.statusCode : 400,
      body: { code: code ?? ErrorCodes.BAD_REQUEST, message: fe.message },
      log: false,
    };
  }
  const unreadable = multipartMessage(err);
  if (unreadable) return { status: 400, body: { code: ErrorCodes.BAD_REQUEST, message: unreadable }, log: false };
  // A driver error the service did not translate (db/db-errors.ts): a write conflict or a lost
  // race is the caller's 409; a database limit met by input our own limits let through is the
  // caller's 400, and logged so the missing check can be added.
  const translated = translateError(err);
  if (translated instanceof ApiError)
    return {
      ...errorAnswer(translated),
      log: dbFailureOf(err)?.kind === 'input-limit' || dbFailureOf(err)?.kind === 'out-of-range',
    };
  return { status: 500, body: { code: ErrorCodes.INTERNAL, message: 'Internal server error' }, log: true };
}

/**
 * Turns the first schema error into a sentence that names the field (`email`, `profile.name`), so a
 * form can put the message beside the right input. Patterns are not echoed: they read as noise.
 */
function describeValidation(err: FastifyError): { message: string; field?: string } {
  const first = err.validation?.[0] as FastifySchemaValidationError | undefined;
  const where =
    err.validationContext === 'querystring'
      ? 'query parameter'
      : err.validationContext === 'params'
        ? 'path parameter'
        : 'field';
  const parts = (first?.instancePath ?? '').split('/').filter(Boolean);
  const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
  if (first?.keyword === 'required' && missing) parts.push(missing);
  const field = parts.join('.') || undefined;
  if (!first || !field)
    return { message: `Invalid request ${err.validationContext ?? 'body'}: ${first?.message ?? err.message}` };
  let problem: string;
  switch (first.keyword) {
    case 'required':
      problem = 'is required';
      break;
    case 'pattern':
    case 'format':
      problem = 'is not valid';
      break;
    default:
      problem = first.message ?? 'is not valid';
  }
  return { message: `The ${where} '${field}' ${problem}`, field };
}

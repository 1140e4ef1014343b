import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCodes } from '@basalt/shared';
import { ApiError } from './api-error.js';

/** Maps every thrown error to the wire shape `{ code, message, details? }`. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError | Error, req, reply) => {
    if (err instanceof ApiError) {
      if (err.status >= 500 && err.status !== 501 && err.status !== 503) req.log.error(err);
      return reply.status(err.status).send({ code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) });
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const first = fe.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || (first?.params as { missingProperty?: string })?.missingProperty;
      const where = fe.validationContext ?? 'body';
      const message = field ? `Invalid ${where} field '${field}': ${first?.message ?? 'invalid value'}` : `Invalid ${where}: ${fe.message}`;
      return reply.status(400).send({ code: ErrorCodes.VALIDATION, message, details: field ? { field } : undefined });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const code = fe.statusCode === 413 ? ErrorCodes.PAYLOAD_TOO_LARGE : fe.statusCode === 404 ? ErrorCodes.NOT_FOUND : ErrorCodes.BAD_REQUEST;
      return reply.status(fe.statusCode).send({ code, message: fe.message });
    }
    req.log.error(err);
    return reply.status(500).send({ code: ErrorCodes.INTERNAL, message: 'Internal server error' });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ code: ErrorCodes.NOT_FOUND, message: `No route ${req.method} ${req.url.split('?')[0]}` });
  });
}

import build from 'fast-json-stringify';
import type { FastifySchema } from 'fastify';

/**
 * Fastify's serializer compiler for declared answers (`RouteDef.response`), built on first use.
 * Serialising with the schema writes only the fields it declares (a field a service adds by
 * mistake, a password hash say, never leaves) and is faster than `JSON.stringify` for fixed shapes.
 */
export function lazySerializer({ schema }: { schema: FastifySchema }): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= build(schema as object) as (data: unknown) => string)(data);
}

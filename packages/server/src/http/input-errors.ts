/**
 * Errors raised below our own checks that are still the request's fault, not the server's: a
 * multipart body the upload parser cannot read. `errorAnswer` answers it 400 instead of 500.
 * A database refusing input at one of its limits is translated in db/db-errors.ts.
 */

/**
 * Plain errors of the multipart reader (@fastify/busboy) for a body it cannot read: no boundary,
 * a part cut short, a body that ends before its closing boundary. Its limits (file size, parts)
 * already come with a 4xx status.
 */
const MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Malformed part header|Unexpected end of form)$/;

/** The 400 message for an unreadable multipart body, or undefined. */
export function multipartMessage(err: Error): string | undefined {
  if ((err as { statusCode?: unknown }).statusCode !== undefined || !MULTIPART.test(err.message)) return undefined;
  return `The multipart/form-data body cannot be read: ${err.message.replace(/^Multipart: /, '')}`;
}

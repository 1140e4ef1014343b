import nodemailer, { type Transporter } from 'nodemailer';
import { ApiError } from '../../http/api-error.js';

export type Security = 'NONE' | 'SSL' | 'STARTTLS';

/** An app's SMTP settings as stored (sealed) and used. */
export interface SmtpSettings {
  host: string;
  port: number;
  username: string;
  password: string;
  security: Security;
  fromEmail: string;
  fromName: string;
}

/** What a stored password is answered as. */
export const MASK = '********';
const EMAIL = /^[^\s@<>,;"]{1,64}@[^\s@<>,;"]{1,255}$/;
const HOST = /^[A-Za-z0-9.-]{1,253}$|^\[?[0-9A-Fa-f:.]{2,45}\]?$/;
/** Each step of a connection gives up after this long, so a test answers within seconds. */
const TIMEOUT_MS = Number(process.env.BASALT_SMTP_TIMEOUT_MS) || 10_000;

function bad(field: string, message: string): ApiError {
  return ApiError.field('BAD_REQUEST', field, message);
}

/**
 * Checks settings field by field (naming the bad one). An empty or masked password keeps the
 * stored one, so the console can send back what it was answered.
 */
export function checkSettings(body: unknown, stored?: SmtpSettings): SmtpSettings {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw ApiError.badRequest('Send {host, port, username, password, security, fromEmail, fromName}');
  const b = body as Record<string, unknown>;
  const host = typeof b.host === 'string' ? b.host.trim() : '';
  if (!host || !HOST.test(host)) throw bad('host', "'host' must be a host name or an IP address of the SMTP server");
  const port = typeof b.port === 'string' && /^\d+$/.test(b.port.trim()) ? Number(b.port) : b.port;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)
    throw bad('port', "'port' must be a whole number from 1 to 65535");
  const security = (typeof b.security === 'string' ? b.security.toUpperCase() : 'NONE') as Security;
  if (!['NONE', 'SSL', 'STARTTLS'].includes(security))
    throw bad('security', "'security' must be one of NONE, SSL, STARTTLS");
  const username = typeof b.username === 'string' ? b.username.trim() : '';
  let password = typeof b.password === 'string' ? b.password : '';
  if ((password === '' || password === MASK) && stored && stored.username === username) password = stored.password;
  if (password === MASK) password = '';
  if (password && !username) throw bad('username', "'username' is needed with a password");
  const fromEmail = typeof b.fromEmail === 'string' ? b.fromEmail.trim() : '';
  if (!EMAIL.test(fromEmail)) throw bad('fromEmail', "'fromEmail' must be an email address");
  const fromName = typeof b.fromName === 'string' ? b.fromName.trim() : '';
  if (/[\r\n<>"]/.test(fromName) || fromName.length > 200)
    throw bad('fromName', "'fromName' is one line of at most 200 characters without <, > or \"");
  return { host, port, username, password, security, fromEmail, fromName };
}

/** The `From` header of the settings. */
export function fromOf(s: SmtpSettings): string {
  return s.fromName ? `"${s.fromName}" <${s.fromEmail}>` : s.fromEmail;
}

export function transportFor(s: SmtpSettings): Transporter {
  return nodemailer.createTransport({
    host: s.host.replace(/^\[|\]$/g, ''),
    port: s.port,
    secure: s.security === 'SSL',
    requireTLS: s.security === 'STARTTLS',
    ignoreTLS: s.security === 'NONE',
    ...(s.username ? { auth: { user: s.username, pass: s.password } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS * 3,
  });
}

/** The SMTP server's own words for a failure, with the setting it most likely points at. */
export function explain(err: unknown, s: SmtpSettings): { field: string; message: string } {
  const e = err as { code?: string; message?: string; response?: string; responseCode?: number };
  const said = (e.response || e.message || String(err)).slice(0, 500);
  const at = `${s.host} port ${s.port}`;
  switch (e.code) {
    case 'ECONNREFUSED':
    case 'ECONNECTION':
    case 'ETIMEDOUT':
    case 'ESOCKET':
      if (/ENOTFOUND|EAI_AGAIN/.test(said))
        return { field: 'host', message: `The SMTP host ${s.host} is not found: ${said}` };
      if (/wrong version number|ssl|tls/i.test(said))
        return {
          field: 'security',
          message: `The SMTP server at ${at} does not speak ${s.security === 'SSL' ? 'SSL' : 'plain SMTP'} (check the port and the security setting): ${said}`,
        };
      return {
        field: 'port',
        message: `No SMTP server answers at ${at} (check the port ${s.port} and the host): ${said}`,
      };
    case 'EDNS':
      return { field: 'host', message: `The SMTP host ${s.host} is not found: ${said}` };
    case 'EAUTH':
      return { field: 'username', message: `The SMTP server at ${at} refused the username or password: ${said}` };
    case 'ETLS':
      return { field: 'security', message: `TLS with the SMTP server at ${at} failed: ${said}` };
    default:
      return { field: 'host', message: `The SMTP server at ${at} answered: ${said}` };
  }
}

/** A real handshake (connect, greet, TLS and login as set); a failure is a 400 in the server's words. */
export async function verify(s: SmtpSettings): Promise<void> {
  const transport = transportFor(s);
  try {
    await transport.verify();
  } catch (err) {
    const { field, message } = explain(err, s);
    throw bad(field, message);
  } finally {
    transport.close();
  }
}

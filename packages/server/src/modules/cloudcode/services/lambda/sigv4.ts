import crypto from 'node:crypto';

/** Credentials and scope of one AWS Signature Version 4 signature. */
export interface SigV4Key {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

const sha256 = (data: string) => crypto.createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: only `A-Za-z0-9-._~` stay as they are. */
export function awsEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `20261127T134500Z` */
export const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Signs one request (AWS Signature Version 4, the `Authorization` header form). `url`'s path must
 * already be encoded once, as it goes on the wire; services other than S3 sign it encoded a second
 * time. Answers the headers to send: `host`, `x-amz-date`, `x-amz-content-sha256` and
 * `authorization`, plus the given ones (all of which are signed).
 */
export function signV4(
  key: SigV4Key,
  req: { method: string; url: URL; headers: Record<string, string>; body: string },
  now = new Date(),
): Record<string, string> {
  const stamp = amzDate(now);
  const day = stamp.slice(0, 8);
  const bodyHash = sha256(req.body);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = v;
  headers.host = req.url.host;
  headers['x-amz-date'] = stamp;
  headers['x-amz-content-sha256'] = bodyHash;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n].trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalUri =
    req.url.pathname
      .split('/')
      .map((part) => awsEncode(part))
      .join('/') || '/';
  const query = [...req.url.searchParams]
    .map(([k, v]) => [awsEncode(k), awsEncode(v)])
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [req.method, canonicalUri, query, canonicalHeaders, signedHeaders, bodyHash].join('\n');
  const scope = `${day}/${key.region}/${key.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), key.region), key.service), 'aws4_request');
  const signature = crypto.createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${key.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

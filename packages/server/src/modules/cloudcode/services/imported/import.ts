import crypto from 'node:crypto';
import type { CodeService } from '@basalt/shared';
import { DEFAULT_CODE_MODEL } from '@basalt/shared';
import type { ServerContext } from '../../../../context.js';
import { ApiError } from '../../../../http/api-error.js';
import { RemoteRequestError, requestRemote } from '../../../../http/remote-fetch.js';
import type { ServicesService } from '../services.service.js';
import { IMPORTED, MAX_DOCUMENT_BYTES, documentOf, readDocument } from './document.js';

/** How long fetching a document by URL may take. */
const FETCH_TIMEOUT_MS = 15_000;

/** Where the document of an import comes from. */
export type ImportSource =
  | { kind: 'upload'; bytes: Buffer; fileName?: string }
  | { kind: 'url'; url: unknown }
  | { kind: 'object'; document: unknown };

/** `{serviceURL}` → the document's text, fetched through the outbound guard (no redirects). */
async function fetchDocument(ctx: ServerContext, raw: unknown): Promise<{ text: string; url: URL }> {
  let url: URL;
  try {
    if (typeof raw !== 'string' || raw.length > 2048) throw new Error('not text');
    url = new URL(raw);
  } catch {
    throw ApiError.field('VALIDATION', 'serviceURL', "'serviceURL' must be an http(s) URL of at most 2048 characters");
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw ApiError.field('VALIDATION', 'serviceURL', "'serviceURL' must be an http(s) URL without a user name");
  let res;
  try {
    res = await requestRemote(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      allowPrivate: ctx.config.remoteFetchPrivate,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxAnswerBytes: MAX_DOCUMENT_BYTES,
      overCap: 'fail',
    });
  } catch (err) {
    if (!(err instanceof RemoteRequestError)) throw err;
    if (err.code === 'ETOOBIG')
      throw ApiError.tooLarge(`The document at 'serviceURL' is over ${MAX_DOCUMENT_BYTES} bytes`);
    throw ApiError.field('VALIDATION', 'serviceURL', `'serviceURL' could not be read: ${err.message}`);
  }
  if (res.status < 200 || res.status >= 300)
    throw ApiError.field('VALIDATION', 'serviceURL', `'serviceURL' answered ${res.status}, not the document`);
  return { text: res.text, url };
}

/**
 * `importService`: a service whose methods are the operations of an OpenAPI 3 / Swagger 2 document,
 * proxied to its base URL (decision 0053). Stored like an AWS Lambda service: a `cc_services` row
 * of type IMPORTED in model `default`, no deployment, answering at once; its configuration items
 * (base URL, auth) are ordinary ones, so `setServiceConfig` seals the secrets and answers them masked.
 */
export async function importService(
  ctx: ServerContext,
  services: ServicesService,
  appId: string,
  source: ImportSource,
  name?: unknown,
): Promise<CodeService> {
  if (name !== undefined && name !== null && name !== '' && typeof name !== 'string')
    throw ApiError.field('VALIDATION', 'name', "'name' must be a service name");
  let doc;
  let from: URL | undefined;
  if (source.kind === 'upload') {
    doc = documentOf(source.bytes, 'file');
  } else if (source.kind === 'url') {
    const fetched = await fetchDocument(ctx, source.url);
    from = fetched.url;
    doc = documentOf(fetched.text, 'serviceURL');
  } else doc = documentOf(source.document, 'service');

  const read = readDocument(doc, { name: (name as string | undefined) || undefined, source: from });
  if ((await services.repo.byName(appId, read.name)).length)
    throw ApiError.conflict(`The service '${read.name}' already exists`);
  const id = crypto.randomUUID().toUpperCase();
  await services.repo.insert({
    id,
    app_id: appId,
    model: DEFAULT_CODE_MODEL,
    name: read.name,
    language: IMPORTED,
    version: read.version,
    deployment_id: null,
    spec_json: JSON.stringify({
      description: read.description,
      methods: read.methods,
      imported: { from: from ? from.toString() : source.kind },
    }),
    config_json: JSON.stringify(read.config),
    created: Date.now(),
  });
  return services.one(appId, id);
}

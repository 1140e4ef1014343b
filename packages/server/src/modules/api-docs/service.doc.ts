import type { StoredServiceSpec } from '../cloudcode/services/method-routes.js';
import { openApiOf } from '../cloudcode/services/openapi.js';
import { appDocument, errorResponses, type DocFrame, type PathItem } from './builder.js';

/** What the document of a service needs from its stored copy. */
export interface ServiceCopy {
  name: string;
  version: string;
  model: string;
  spec: StoredServiceSpec;
}

/**
 * The document of a deployed cloud code service. The operations come from the one place that turns
 * a service's recorded methods into OpenAPI (the cloud code module's `openApiOf`, which the reference's
 * `getServiceSpec` answers too); here they get a tag, the common failures and the app document's frame.
 */
export function serviceDocument(frame: Omit<DocFrame, 'title' | 'description' | 'tags'>, s: ServiceCopy) {
  const own = openApiOf(
    { name: s.name, version: s.version, description: s.spec.description },
    s.spec.methods,
    frame.appId,
  );
  const tag = s.name;
  const paths: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(own.paths)) {
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([verb, op]) => [
        verb,
        {
          ...op,
          tags: [tag],
          responses: { ...((op as Record<string, unknown>).responses as object), ...errorResponses() },
        },
      ]),
    );
  }
  const doc = appDocument(
    {
      ...frame,
      title: `${s.name} API service`,
      description:
        `${s.spec.description || `The ${s.name} API service`} (model ${s.model}, version ${s.version}). ` +
        'A call runs the copy of the app’s default model for this service; header `bl-execution-type: async` ' +
        'answers at once and runs the method in the background.',
      tags: [{ name: tag, description: s.spec.description || undefined }],
    },
    paths,
  );
  doc.info.version = s.version;
  return doc;
}

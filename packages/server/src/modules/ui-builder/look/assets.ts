import type { FastifyInstance, FastifyReply } from 'fastify';
import { UI_NAME_PATTERN } from '@basalt/shared';
import type { PublishService } from '../publish.service.js';
import { lookBase, manifestOf, serviceWorkerOf } from './published.js';

const APP_ID = /^[A-Za-z0-9_-]{1,64}$/;

function plain(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-cache');
}

/**
 * The published assets of a container's look on the UI origin (decision 0086), read from the
 * served publication: the compiled style sheet, the favicon, and for a PWA its manifest, icon and
 * service worker (allowed to control the container's pages with `Service-Worker-Allowed`).
 */
export function registerLookAssets(app: FastifyInstance, publish: PublishService): void {
  app.get<{ Params: { appId: string; container: string; file: string } }>(
    '/:appId/:container/_look/:file',
    async (req, reply) => {
      const { appId, container, file } = req.params;
      const missing = () => plain(reply).code(404).type('text/plain; charset=utf-8').send('Not found');
      if (!APP_ID.test(appId) || !UI_NAME_PATTERN.test(container)) return missing();
      const look = (await publish.served(appId, container))?.look;
      if (!look) return missing();
      switch (file) {
        case 'style.css':
          return plain(reply).type('text/css; charset=utf-8').send(look.css);
        case 'favicon':
          if (!look.favicon) return missing();
          return plain(reply).type(look.favicon.type).send(Buffer.from(look.favicon.data, 'base64'));
        case 'manifest.webmanifest': {
          const snapshot = await publish.served(appId, container);
          if (!look.pwa || !snapshot) return missing();
          const title = snapshot.pages[snapshot.mainPage]?.title ?? container;
          return plain(reply)
            .type('application/manifest+json; charset=utf-8')
            .send(JSON.stringify(manifestOf(look, appId, container, title)));
        }
        case 'pwa-icon.png':
          if (!look.pwa?.icon) return missing();
          return plain(reply).type('image/png').send(Buffer.from(look.pwa.icon.data, 'base64'));
        case 'sw.js':
          if (!look.pwa) return missing();
          return reply
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'no-cache')
            .header('service-worker-allowed', lookBase(appId, container).replace(/_look\/$/, ''))
            .type('application/javascript; charset=utf-8')
            .send(serviceWorkerOf(`${look.cssHash}${look.pwa.icon?.hash ?? ''}`));
        default:
          return missing();
      }
    },
  );
}

import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { AuditService } from './audit.service.js';
import { parseDate } from './audit.service.js';

const r = Routes.audit;

export function registerAuditRoutes(app: FastifyInstance, ctx: ServerContext, audit: AuditService): void {
  handle(app, ctx, r.loadAuditLogs, ({ params, query }) => audit.list(params.appId, query));
  handle(app, ctx, r.deleteAuditLogs, ({ params, query }) => audit.delete(params.appId, query.before));
  handle(app, ctx, r.downloadAuditLogs, ({ params, query, reply }) => {
    // Dates are checked before the first byte goes out, so a bad one is a clean 400.
    parseDate(query.fromDate, 'fromDate');
    parseDate(query.toDate, 'toDate');
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`);
    return reply.send(Readable.from(audit.csv(params.appId, query.fromDate, query.toDate)));
  });

  handle(app, ctx, r.getHIPAACompliance, ({ params }) => audit.hipaaState(params.appId));
  handle(app, ctx, r.activateHIPAACompliance, ({ params, developer }) =>
    audit.setHipaa(params.appId, developer.id, true),
  );
  handle(app, ctx, r.deactivateHIPAACompliance, ({ params, developer }) =>
    audit.setHipaa(params.appId, developer.id, false),
  );
}

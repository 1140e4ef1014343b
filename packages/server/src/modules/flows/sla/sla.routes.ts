import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import type { SlaService } from './sla.service.js';

/** The console's SLA routes: business calendars of the app and goals per version (decision 0075). */
export function registerSlaRoutes(app: FastifyInstance, ctx: ServerContext, sla: SlaService) {
  const R = Routes.automation;
  handle(app, ctx, R.getSLACalendars, ({ params: p }) => sla.calendars(p.appId));
  handle(app, ctx, R.createSLACalendar, ({ params: p, body }) => sla.saveCalendar(p.appId, body));
  handle(app, ctx, R.updateSLACalendar, ({ params: p, body }) => sla.saveCalendar(p.appId, body, p.id));
  handle(app, ctx, R.deleteSLACalendar, ({ params: p }) => sla.deleteCalendar(p.appId, p.id));
  handle(app, ctx, R.getFlowSLAGoals, ({ params: p }) => sla.goals(p.appId, p.flowId, p.versionId));
  handle(app, ctx, R.createFlowSLAGoal, ({ params: p, body }) => sla.saveGoal(p.appId, p.flowId, p.versionId, body));
  handle(app, ctx, R.updateFlowSLAGoal, ({ params: p, body }) =>
    sla.saveGoal(p.appId, p.flowId, p.versionId, body, p.id),
  );
  handle(app, ctx, R.deleteFlowSLAGoal, ({ params: p }) => sla.deleteGoal(p.appId, p.flowId, p.versionId, p.id));
}

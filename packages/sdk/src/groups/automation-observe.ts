import { Routes, type BodyOf, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.automation;

/** What `loadFlowLogs` filters by: lowest level, instance, element, date range and a page. */
export type FlowLogsQuery = BodyOf<typeof r.loadFlowLogs>;

const range = (fromDate?: number, toDate?: number) => ({
  ...(fromDate !== undefined ? { fromDate } : {}),
  ...(toDate !== undefined ? { toDate } : {}),
});
const session = (sessionId?: string) => (sessionId ? { sessionId } : {});

/**
 * Watching and debugging flows (decision 0075) with the 2.57.2 reference client's method names and
 * argument order: metrics, logs and their level, debug sessions and their history, running one
 * element or a debug instance, and SLA calendars and goals.
 */
export function createAutomationObserveMethods({ request }: GroupContext) {
  const auto = request.automation;
  return {
    /** Instances of a version by status and their durations, started in `[fromDate, toDate)` (ms). */
    getFlowVersionMetrics(
      appId: string,
      flowId: string,
      versionId: string,
      fromDate?: number,
      toDate?: number,
    ): Promise<ResponseOf<typeof r.getFlowVersionMetrics>> {
      return auto.route(r.getFlowVersionMetrics, [appId, flowId, versionId], { query: range(fromDate, toDate) });
    },

    /** Per element: executions, failures and durations over the range. */
    getFlowStepsMetrics(
      appId: string,
      flowId: string,
      versionId: string,
      fromDate?: number,
      toDate?: number,
    ): Promise<ResponseOf<typeof r.getFlowStepsMetrics>> {
      return auto.route(r.getFlowStepsMetrics, [appId, flowId, versionId], { query: range(fromDate, toDate) });
    },

    /** Errors that reached the error-handler element `errorHandlerId` over the range. */
    loadErrorHandlerAnalytics(
      appId: string,
      flowId: string,
      versionId: string,
      errorHandlerId: string,
      fromDate?: number,
      toDate?: number,
    ): Promise<ResponseOf<typeof r.loadErrorHandlerAnalytics>> {
      return auto.route(r.loadErrorHandlerAnalytics, [appId, flowId, versionId, errorHandlerId], {
        query: range(fromDate, toDate),
      });
    },

    /** Deletes the version's finished instances with their steps and log lines. */
    cleanFlowVersionAnalytics(
      appId: string,
      flowId: string,
      versionId: string,
    ): Promise<ResponseOf<typeof r.cleanFlowVersionAnalytics>> {
      return auto.route(r.cleanFlowVersionAnalytics, [appId, flowId, versionId]);
    },

    /** The definition an instance ran with. */
    getFlowHistoricalConfig(
      appId: string,
      flowId: string,
      versionId: string,
      configId: string,
    ): Promise<ResponseOf<typeof r.getFlowHistoricalConfig>> {
      return auto.route(r.getFlowHistoricalConfig, [appId, flowId, versionId, configId]);
    },

    /** A page of a version's log lines, newest first, with the total. */
    loadFlowLogs(appId: string, versionId: string, data: FlowLogsQuery): Promise<ResponseOf<typeof r.loadFlowLogs>> {
      return auto.route(r.loadFlowLogs, [appId, versionId], { body: data });
    },

    /** The lowest level a flow's log lines are kept at. */
    getFlowLogsLevel(appId: string, flowId: string): Promise<ResponseOf<typeof r.getFlowLogsLevel>> {
      return auto.route(r.getFlowLogsLevel, [appId, flowId]);
    },

    updateFlowLogsLevel(
      appId: string,
      flowId: string,
      data: BodyOf<typeof r.updateFlowLogsLevel>,
    ): Promise<ResponseOf<typeof r.updateFlowLogsLevel>> {
      return auto.route(r.updateFlowLogsLevel, [appId, flowId], { body: data });
    },

    /** Opens the version's debug session; 409 while another is open unless `forceStart`. */
    startDebugSession(
      appId: string,
      flowId: string,
      versionId: string,
      forceStart?: boolean,
    ): Promise<ResponseOf<typeof r.startDebugSession>> {
      return auto.route(r.startDebugSession, [appId, flowId, versionId], {
        query: forceStart ? { forceStart: true } : {},
      });
    },

    stopDebugSession(
      appId: string,
      flowId: string,
      versionId: string,
      sessionId?: string,
    ): Promise<ResponseOf<typeof r.stopDebugSession>> {
      return auto.route(r.stopDebugSession, [appId, flowId, versionId], { query: session(sessionId) });
    },

    /** What the session ran, oldest first. */
    loadTestMonitorHistory(
      appId: string,
      flowId: string,
      versionId: string,
      sessionId?: string,
    ): Promise<ResponseOf<typeof r.loadTestMonitorHistory>> {
      return auto.route(r.loadTestMonitorHistory, [appId, flowId, versionId], { query: session(sessionId) });
    },

    clearTestMonitorHistory(
      appId: string,
      flowId: string,
      versionId: string,
      sessionId?: string,
    ): Promise<ResponseOf<typeof r.clearTestMonitorHistory>> {
      return auto.route(r.clearTestMonitorHistory, [appId, flowId, versionId], { query: session(sessionId) });
    },

    /** The session's mocked data: `{trigger, results, variables}`. */
    loadDebugExecutionContext(
      appId: string,
      flowId: string,
      versionId: string,
      sessionId?: string,
    ): Promise<ResponseOf<typeof r.loadDebugExecutionContext>> {
      return auto.route(r.loadDebugExecutionContext, [appId, flowId, versionId], { query: session(sessionId) });
    },

    updateDebugExecutionContext(
      appId: string,
      flowId: string,
      versionId: string,
      context: BodyOf<typeof r.updateDebugExecutionContext>,
      sessionId?: string,
    ): Promise<ResponseOf<typeof r.updateDebugExecutionContext>> {
      return auto.route(r.updateDebugExecutionContext, [appId, flowId, versionId], {
        body: context,
        query: session(sessionId),
      });
    },

    /** Runs one element against the session's context (record and HTTP actions act for real). */
    runElementInDebugMode(
      appId: string,
      flowId: string,
      versionId: string,
      elementId: string,
      body?: Record<string, unknown>,
      sessionId?: string,
    ): Promise<ResponseOf<typeof r.runElementInDebugMode>> {
      return auto.route(r.runElementInDebugMode, [appId, flowId, versionId, elementId], {
        body: body ?? {},
        query: session(sessionId),
      });
    },

    /** Stops the session's debug instances that are still running or waiting. */
    stopTriggerInDebugMode(
      appId: string,
      flowId: string,
      versionId: string,
      triggerId: string,
      sessionId?: string,
    ): Promise<ResponseOf<typeof r.stopTriggerInDebugMode>> {
      return auto.route(r.stopTriggerInDebugMode, [appId, flowId, versionId, triggerId], {
        query: session(sessionId),
      });
    },

    /** Runs the version's current definition as a debug instance (kept out of analytics). */
    runDebugInstance(
      appId: string,
      flowId: string,
      versionId: string,
      body?: Record<string, unknown>,
    ): Promise<ResponseOf<typeof r.runDebugInstance>> {
      return auto.route(r.runDebugInstance, [appId, flowId, versionId], { body: body ?? {} });
    },

    getSLACalendars(appId: string): Promise<ResponseOf<typeof r.getSLACalendars>> {
      return auto.route(r.getSLACalendars, [appId]);
    },

    createSLACalendar(
      appId: string,
      data: BodyOf<typeof r.createSLACalendar>,
    ): Promise<ResponseOf<typeof r.createSLACalendar>> {
      return auto.route(r.createSLACalendar, [appId], { body: data });
    },

    updateSLACalendar(
      appId: string,
      data: BodyOf<typeof r.updateSLACalendar>,
      id: string,
    ): Promise<ResponseOf<typeof r.updateSLACalendar>> {
      return auto.route(r.updateSLACalendar, [appId, id], { body: data });
    },

    deleteSLACalendar(appId: string, id: string): Promise<ResponseOf<typeof r.deleteSLACalendar>> {
      return auto.route(r.deleteSLACalendar, [appId, id]);
    },

    getFlowSLAGoals(appId: string, flowId: string, versionId: string): Promise<ResponseOf<typeof r.getFlowSLAGoals>> {
      return auto.route(r.getFlowSLAGoals, [appId, flowId, versionId]);
    },

    createFlowSLAGoal(
      appId: string,
      flowId: string,
      versionId: string,
      data: BodyOf<typeof r.createFlowSLAGoal>,
    ): Promise<ResponseOf<typeof r.createFlowSLAGoal>> {
      return auto.route(r.createFlowSLAGoal, [appId, flowId, versionId], { body: data });
    },

    updateFlowSLAGoal(
      appId: string,
      flowId: string,
      versionId: string,
      data: BodyOf<typeof r.updateFlowSLAGoal>,
      id: string,
    ): Promise<ResponseOf<typeof r.updateFlowSLAGoal>> {
      return auto.route(r.updateFlowSLAGoal, [appId, flowId, versionId, id], { body: data });
    },

    deleteFlowSLAGoal(
      appId: string,
      flowId: string,
      versionId: string,
      id: string,
    ): Promise<ResponseOf<typeof r.deleteFlowSLAGoal>> {
      return auto.route(r.deleteFlowSLAGoal, [appId, flowId, versionId, id]);
    },
  };
}

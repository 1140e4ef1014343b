import { Routes, type BodyOf, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.automation;

/** What `getFlowInstances` and `countFlowInstances` filter by. */
export type FlowInstancesQuery = BodyOf<typeof r.getFlowInstances>;

/**
 * Automation flows (`automation` group of the 2.57.2 reference client, which 3.0.0 dropped): flows
 * and versions, their lifecycle, import and export, and the instances the engine ran. Every call
 * goes over the automation channel (`automationURL`), except `updateFlowDescription`, which the
 * reference client sends over the main one.
 */
export function createAutomationGroup({ request }: GroupContext) {
  const auto = request.automation;
  return {
    /** Every version of every flow of the app. */
    getFlows(appId: string): Promise<ResponseOf<typeof r.getFlows>> {
      return auto.route(r.getFlows, [appId]);
    },

    /** Versions with their elements (id, name, type), for pickers. */
    getFlowsWithElements(appId: string): Promise<ResponseOf<typeof r.getFlowsWithElements>> {
      return auto.route(r.getFlowsWithElements, [appId]);
    },

    /** One version. */
    getFlow(appId: string, id: string): Promise<ResponseOf<typeof r.getFlow>> {
      return auto.route(r.getFlow, [appId, id]);
    },

    /** A new flow with its first version, saved READY or NOT_READY with its validation errors. */
    createFlow(appId: string, flow: BodyOf<typeof r.createFlow>): Promise<ResponseOf<typeof r.createFlow>> {
      return auto.route(r.createFlow, [appId], { body: flow });
    },

    /** Replaces the definition of the version `flow.id` (409 while it is LIVE or PAUSED). */
    updateFlow(
      appId: string,
      flow: BodyOf<typeof r.updateFlow> & { id: string },
    ): Promise<ResponseOf<typeof r.updateFlow>> {
      return auto.route(r.updateFlow, [appId, flow.id], { body: flow });
    },

    /** Deletes a version with its instances. */
    deleteFlow(appId: string, id: string): Promise<unknown> {
      return auto.route(r.deleteFlow, [appId, id]);
    },

    /** Makes a READY or PAUSED version LIVE. */
    enableFlow(appId: string, id: string): Promise<ResponseOf<typeof r.enableFlow>> {
      return auto.route(r.enableFlow, [appId, id]);
    },

    /** No new instances; running ones finish. */
    pauseFlow(appId: string, id: string): Promise<ResponseOf<typeof r.pauseFlow>> {
      return auto.route(r.pauseFlow, [appId, id]);
    },

    /** Stops every instance and makes the version editable again. */
    terminateFlow(appId: string, id: string): Promise<ResponseOf<typeof r.terminateFlow>> {
      return auto.route(r.terminateFlow, [appId, id]);
    },

    /** Clones a version as the flow's next version. */
    createNewVersion(appId: string, id: string): Promise<ResponseOf<typeof r.createNewVersion>> {
      return auto.route(r.createNewVersion, [appId, id]);
    },

    /** Renames a flow (all its versions). */
    editFlowsGroupName(appId: string, groupId: string, name: string): Promise<ResponseOf<typeof r.editFlowsGroupName>> {
      return auto.route(r.editFlowsGroupName, [appId, groupId], { body: { name } });
    },

    /** Deletes a flow with every version. */
    deleteFlowsGroup(appId: string, groupId: string): Promise<unknown> {
      return auto.route(r.deleteFlowsGroup, [appId, groupId]);
    },

    /** Changes a version's description (main channel, as the reference client sends it). */
    updateFlowDescription(
      appId: string,
      versionId: string,
      description: string,
    ): Promise<ResponseOf<typeof r.updateFlowDescription>> {
      return request.route(r.updateFlowDescription, [appId, versionId], { body: { description } });
    },

    /** Stores a version's schedule settings. */
    updateFlowSchedule(
      appId: string,
      versionId: string,
      data: BodyOf<typeof r.updateFlowSchedule>,
    ): Promise<ResponseOf<typeof r.updateFlowSchedule>> {
      return auto.route(r.updateFlowSchedule, [appId, versionId], { body: data });
    },

    /** A version as a JSON export (definition and schedule). */
    exportFlowVersion(appId: string, versionId: string): Promise<ResponseOf<typeof r.exportFlowVersion>> {
      return auto.route(r.exportFlowVersion, [appId, versionId]);
    },

    /** An export as a new version of the flow of `versionId` (a flow id works too). */
    importFlowVersion(
      appId: string,
      versionId: string,
      flow: BodyOf<typeof r.importFlowVersion>,
    ): Promise<ResponseOf<typeof r.importFlowVersion>> {
      return auto.route(r.importFlowVersion, [appId, versionId], { body: flow });
    },

    /** An export as a new flow (renamed `Name (2)` when the name is taken). */
    createFlowFromJSON(
      appId: string,
      flow: BodyOf<typeof r.createFlowFromJSON>,
    ): Promise<ResponseOf<typeof r.createFlowFromJSON>> {
      return auto.route(r.createFlowFromJSON, [appId], { body: flow });
    },

    /** A page of a version's instances, newest first, with the total. */
    getFlowInstances(
      appId: string,
      flowId: string,
      versionId: string,
      body: FlowInstancesQuery,
    ): Promise<ResponseOf<typeof r.getFlowInstances>> {
      return auto.route(r.getFlowInstances, [appId, flowId, versionId], { body });
    },

    /** How many instances match. */
    countFlowInstances(
      appId: string,
      flowId: string,
      versionId: string,
      body: FlowInstancesQuery,
    ): Promise<ResponseOf<typeof r.countFlowInstances>> {
      return auto.route(r.countFlowInstances, [appId, flowId, versionId], { body });
    },

    /** One instance with the steps it took. */
    getFlowInstanceAnalytics(
      appId: string,
      flowId: string,
      versionId: string,
      executionId: string,
    ): Promise<ResponseOf<typeof r.getFlowInstanceAnalytics>> {
      return auto.route(r.getFlowInstanceAnalytics, [appId, flowId, versionId, executionId]);
    },

    /** The data an instance started with. */
    getFlowInstanceInitialData(
      appId: string,
      flowId: string,
      versionId: string,
      executionId: string,
    ): Promise<ResponseOf<typeof r.getFlowInstanceInitialData>> {
      return auto.route(r.getFlowInstanceInitialData, [appId, flowId, versionId, executionId]);
    },

    /** An element's input, output and attempts in one instance. */
    getElementExecutionInfo(
      appId: string,
      flowId: string,
      versionId: string,
      executionId: string,
      elementId: string,
    ): Promise<ResponseOf<typeof r.getElementExecutionInfo>> {
      return auto.route(r.getElementExecutionInfo, [appId, flowId, versionId, executionId, elementId]);
    },

    /** Stops one instance. */
    stopFlowInstanceExecution(
      appId: string,
      flowId: string,
      versionId: string,
      executionId: string,
    ): Promise<ResponseOf<typeof r.stopFlowInstanceExecution>> {
      return auto.route(r.stopFlowInstanceExecution, [appId, flowId, versionId, executionId]);
    },

    /** How long the app keeps finished instances (Basalt's own). */
    getFlowSettings(appId: string): Promise<ResponseOf<typeof r.getFlowSettings>> {
      return auto.route(r.getFlowSettings, [appId]);
    },

    /** Changes how many days finished instances are kept (1–3650). */
    updateFlowSettings(
      appId: string,
      data: BodyOf<typeof r.updateFlowSettings>,
    ): Promise<ResponseOf<typeof r.updateFlowSettings>> {
      return auto.route(r.updateFlowSettings, [appId], { body: data });
    },
  };
}

export type AutomationGroup = ReturnType<typeof createAutomationGroup>;

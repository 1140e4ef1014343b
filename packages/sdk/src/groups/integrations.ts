import { Routes, type Integration, type IntegrationInput, type Success } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.integrations;

export type { Integration, IntegrationInput };

/** An app's stored integrations (`integrations` group of the reference client), by name; secrets masked. */
export function createIntegrationsGroup({ request }: GroupContext) {
  return {
    /** The app's integrations. */
    getIntegrations(appId: string): Promise<Integration[]> {
      return request.route(r.getIntegrations, [appId]);
    },

    /** Adds an integration `{name, type: 'SLACK' | 'ZAPIER' | 'LOGGING', enabled?, config}`. */
    saveIntegration(appId: string, configData: IntegrationInput): Promise<Integration> {
      return request.route(r.saveIntegration, [appId], { body: configData });
    },

    /** Changes an integration's configuration; masked secrets sent back keep their value. */
    updateIntegration(appId: string, name: string, configData: IntegrationInput): Promise<Integration> {
      return request.route(r.updateIntegration, [appId, encodeURIComponent(name)], { body: configData });
    },

    /** Removes an integration. */
    deleteIntegration(appId: string, name: string): Promise<Success> {
      return request.route(r.deleteIntegration, [appId, encodeURIComponent(name)]);
    },
  };
}

export type IntegrationsGroup = ReturnType<typeof createIntegrationsGroup>;

import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, plannedRoutes } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';

const manage = '/api/node-server/manage';
const app = `${manage}/app/:appId/integration`;

const perm = DevOperations.LOG_INTEGRATIONS;

/** The kinds of integration an app can store, with the fields each keeps secret. */
export const IntegrationTypes = {
  /** A Slack incoming webhook: its URL is the secret. */
  SLACK: { title: 'Slack', secrets: ['webhookUrl'], fields: ['webhookUrl', 'channel', 'username'] },
  /** A Zapier-style outgoing hook: a catch URL (secret) and the events sent to it. */
  ZAPIER: { title: 'Zapier-style hook', secrets: ['hookUrl'], fields: ['hookUrl', 'events'] },
  /** A log shipping service (Papertrail, Loggly, Datadog ...): an endpoint and its token. */
  LOGGING: { title: 'Logging service', secrets: ['token'], fields: ['provider', 'endpoint', 'token', 'level'] },
} as const;
export type IntegrationType = keyof typeof IntegrationTypes;

/** An integration as `saveIntegration` / `updateIntegration` send it; `config` fields left out of an update keep their value. */
export const IntegrationBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    type: Type.Optional(Type.String({ maxLength: 40 })),
    enabled: Type.Optional(Type.Boolean()),
    config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: true },
);
export type IntegrationInput = Static<typeof IntegrationBody>;

/** A stored integration; its secret fields are masked (`********`). */
export const IntegrationSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  enabled: Type.Boolean(),
  config: Type.Record(Type.String(), Type.Unknown()),
  created: Type.Number(),
  updated: Type.Number(),
});
export type Integration = Static<typeof IntegrationSchema>;

/** An app's stored integrations with outside services (`integrations` group of the reference client), by name. */
export const integrationsRoutes = {
  getIntegrations: defineRoute({
    name: 'integrations.getIntegrations',
    method: 'GET',
    path: '/:appId/console/integrations',
    auth: 'developer',
    response: Type.Array(IntegrationSchema),
    summary: "The app's integrations, secrets masked",
  }),
  saveIntegration: defineRoute({
    name: 'integrations.saveIntegration',
    method: 'POST',
    path: '/:appId/console/integrations',
    auth: 'developer',
    devPermission: perm,
    body: IntegrationBody,
    response: IntegrationSchema,
    summary: 'Adds an integration `{name, type: SLACK | ZAPIER | LOGGING, enabled?, config}`',
  }),
  updateIntegration: defineRoute({
    name: 'integrations.updateIntegration',
    method: 'PUT',
    path: '/:appId/console/integrations/:name',
    auth: 'developer',
    devPermission: perm,
    body: IntegrationBody,
    response: IntegrationSchema,
    summary: 'Changes an integration; masked secrets sent back keep their value',
  }),
  deleteIntegration: defineRoute({
    name: 'integrations.deleteIntegration',
    method: 'DELETE',
    path: '/:appId/console/integrations/:name',
    auth: 'developer',
    devPermission: perm,
    response: SuccessSchema,
    summary: 'Removes an integration',
  }),
};

/**
 * Integration connections, shared elements and their parameters, as the flows' extensions use them
 * (the reference's `frExtensions` group; part of Integrations, not built yet).
 */
export const frExtensionsRoutes = plannedRoutes('integrations', 'frExtensions', {
  getAllIntegrationConnections: ['GET', `${app}/connections`],
  getIntegrationConnectionAccessToken: ['GET', `${app}/connection/:connectionId/token`],
  deleteIntegrationConnectionById: ['DELETE', `${app}/connections/:connectionId`],
  updateIntegrationConnectionName: ['PUT', `${app}/connections/:connectionId/name`],
  getConnectionsUsages: ['GET', `${app}/connections/usages`],
  getConnectionURL: ['GET', `${app}/connection/oauth/url`],
  getSharedElements: ['GET', `${manage}/integration/shared/elements`],
  getElementParamDictionary: ['POST', `${app}/block/:serviceName/param-dictionary/:dictionaryName`],
  getElementParamSchema: ['POST', `${app}/block/:serviceName/param-schema/:schemaLoaderName`],
  getElementSampleResult: ['POST', `${app}/block/:serviceName/sample-result/:schemaLoaderName`],
  getSharedProductStatus: ['GET', `${manage}/integration/shared/product/:productId/status`],
  installSharedProduct: ['POST', `${manage}/integration/shared/product/:productId/install`],
  loadSharedAppConfigs: ['GET', `${app}/service/:serviceId/app-configs`],
  saveSharedAppConfigs: ['PUT', `${app}/service/:serviceId/app-configs`],
});

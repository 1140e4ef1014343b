import {
  Routes,
  type Success,
  type Webhook,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookOperation,
} from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.webhooks;

export type { Webhook, WebhookDelivery, WebhookInput, WebhookOperation };

/**
 * Webhooks of an app (`webhooks` group of the reference client, plus the delivery log and "send
 * test"): endpoints that hear the app's events, each delivery signed with `X-Basalt-Signature`.
 */
export function createWebhooksGroup({ request }: GroupContext) {
  return {
    /** The app's webhooks; secrets and header values masked. */
    getWebhooks(appId: string): Promise<Webhook[]> {
      return request.route(r.getWebhooks, [appId]);
    },

    /** The events a webhook can hear, per table and for users, files and messaging. */
    getWebhookOperations(appId: string): Promise<WebhookOperation[]> {
      return request.route(r.getWebhookOperations, [appId]);
    },

    /** Adds a webhook `{name, url, secret, events, headers?, filter?}`. */
    saveWebhook(appId: string, configData: WebhookInput): Promise<Webhook> {
      return request.route(r.saveWebhook, [appId], { body: configData });
    },

    /** Changes a webhook; fields left out and masked values sent back keep their value. */
    updateWebhook(appId: string, webhookId: string, configData: WebhookInput): Promise<Webhook> {
      return request.route(r.updateWebhook, [appId, webhookId], { body: configData });
    },

    /** Removes a webhook with its delivery log. */
    deleteWebhook(appId: string, webhookId: string): Promise<Success> {
      return request.route(r.deleteWebhook, [appId, webhookId]);
    },

    /** The webhook's delivery log, newest first, each with its attempts (status code, duration, error). */
    getWebhookDeliveries(
      appId: string,
      webhookId: string,
      query: { limit?: number; before?: number } = {},
    ): Promise<WebhookDelivery[]> {
      return request.route(r.getWebhookDeliveries, [appId, webhookId], { query });
    },

    /** Sends a `webhook.test` event now; answers the delivery with its first attempt. */
    sendTestWebhook(appId: string, webhookId: string): Promise<WebhookDelivery> {
      return request.route(r.sendTestWebhook, [appId, webhookId]);
    },
  };
}

export type WebhooksGroup = ReturnType<typeof createWebhooksGroup>;

import { Routes, type BodyOf, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.email;

// Template names and event ids are free text, so each travels as one encoded segment.
const seg = (s: string | number) => encodeURIComponent(String(s));

/** Email settings (`email` group of the reference client): SMTP, system and custom templates. */
export function createEmailGroup({ request }: GroupContext) {
  const group = {
    /** The system event templates (alias of `loadTemplates`). */
    loadEmailTemplates(appId: string): Promise<ResponseOf<typeof r.loadTemplates>> {
      return group.loadTemplates(appId);
    },

    /** The system event templates: subject, body and variables of each event's mail. */
    loadTemplates(appId: string): Promise<ResponseOf<typeof r.loadTemplates>> {
      return request.route(r.loadTemplates, [appId]);
    },

    /** Saves an event's template (alias of `saveTemplate`). */
    saveEmailTemplate(
      appId: string,
      template: BodyOf<typeof r.saveTemplate>,
    ): Promise<ResponseOf<typeof r.saveTemplate>> {
      return group.saveTemplate(appId, template);
    },

    /** Saves an event's template `{eventId, subject, body}`; an unknown `{variable}` is refused. */
    saveTemplate(appId: string, template: BodyOf<typeof r.saveTemplate>): Promise<ResponseOf<typeof r.saveTemplate>> {
      return request.route(r.saveTemplate, [appId], { body: template });
    },

    /** Sends an event's mail with sample values to `emailData.email`. */
    sendTestEmail(
      appId: string,
      emailData: BodyOf<typeof r.sendTestEmail>,
    ): Promise<ResponseOf<typeof r.sendTestEmail>> {
      return request.route(r.sendTestEmail, [appId], { body: emailData });
    },

    /** Stores the app's SMTP settings (a masked or empty password keeps the stored one). */
    updateEmailParams(
      appId: string,
      emailSettings: BodyOf<typeof r.updateEmailParams>,
    ): Promise<ResponseOf<typeof r.updateEmailParams>> {
      return request.route(r.updateEmailParams, [appId], { body: emailSettings });
    },

    /** Back to the server's default mail delivery. */
    resetEmailParams(appId: string): Promise<ResponseOf<typeof r.resetEmailParams>> {
      return request.route(r.resetEmailParams, [appId]);
    },

    /** The app's SMTP settings, password masked. */
    getEmailParams(appId: string): Promise<ResponseOf<typeof r.getEmailParams>> {
      return request.route(r.getEmailParams, [appId]);
    },

    /** A real SMTP handshake with the settings; a failure rejects with the server's words. */
    testSMTPConnection(
      appId: string,
      emailSettings: BodyOf<typeof r.testSMTPConnection>,
    ): Promise<ResponseOf<typeof r.testSMTPConnection>> {
      return request.route(r.testSMTPConnection, [appId], { body: emailSettings });
    },

    /** The app's custom templates. */
    loadCustomTemplates(appId: string): Promise<ResponseOf<typeof r.loadCustomTemplates>> {
      return request.route(r.loadCustomTemplates, [appId]);
    },

    /** Creates a custom template `{name, subject, body, attachments?}`. */
    createCustomTemplate(
      appId: string,
      payload: BodyOf<typeof r.createCustomTemplate>,
    ): Promise<ResponseOf<typeof r.createCustomTemplate>> {
      return request.route(r.createCustomTemplate, [appId], { body: payload });
    },

    /** Replaces the custom template named `templateName` (it may be renamed by `payload.name`). */
    updateCustomTemplate(
      appId: string,
      payload: BodyOf<typeof r.updateCustomTemplate>,
      templateName: string,
    ): Promise<ResponseOf<typeof r.updateCustomTemplate>> {
      return request.route(r.updateCustomTemplate, [appId, seg(templateName)], { body: payload });
    },

    /** Deletes a custom template. */
    deleteCustomTemplate(appId: string, templateName: string): Promise<ResponseOf<typeof r.deleteCustomTemplate>> {
      return request.route(r.deleteCustomTemplate, [appId, seg(templateName)]);
    },

    /** Sends a custom template to `payload.email` with `template-values` and extra `attachment` paths. */
    sendTestCustomEmail(
      appId: string,
      payload: BodyOf<typeof r.sendTestCustomEmail>,
    ): Promise<ResponseOf<typeof r.sendTestCustomEmail>> {
      return request.route(r.sendTestCustomEmail, [appId], { body: payload });
    },

    /** The `{keys}` of a template's subject and body. */
    parseCustomTemplateKeys(
      appId: string,
      payload: BodyOf<typeof r.parseCustomTemplateKeys>,
    ): Promise<ResponseOf<typeof r.parseCustomTemplateKeys>> {
      return request.route(r.parseCustomTemplateKeys, [appId], { body: payload });
    },

    /** Installs a marketplace email template (the marketplace is not built: 501). */
    installEmailTemplateFromMarketplace(appId: string, productId: string, data?: unknown): Promise<unknown> {
      return request.route(r.installEmailTemplateFromMarketplace, [appId, seg(productId)], { body: data });
    },

    /** Restores an event's default template. */
    resetSystemEmailTemplate(
      appId: string,
      eventId: string | number,
    ): Promise<ResponseOf<typeof r.resetSystemEmailTemplate>> {
      return request.route(r.resetSystemEmailTemplate, [appId, seg(eventId)]);
    },

    /** Basalt's own: the app's outgoing mails with their delivery state and last error. */
    loadEmailOutbox(appId: string): Promise<ResponseOf<typeof r.loadEmailOutbox>> {
      return request.route(r.loadEmailOutbox, [appId]);
    },

    /** Basalt's own: one more delivery attempt of a failed or waiting mail now; answers the mail after it. */
    retryEmailOutbox(appId: string, mailId: string): Promise<ResponseOf<typeof r.retryEmailOutbox>> {
      return request.route(r.retryEmailOutbox, [appId, encodeURIComponent(mailId)]);
    },

    /** Basalt's own: removes a failed mail from the outbox. */
    discardEmailOutbox(appId: string, mailId: string): Promise<ResponseOf<typeof r.discardEmailOutbox>> {
      return request.route(r.discardEmailOutbox, [appId, encodeURIComponent(mailId)]);
    },
  };
  return group;
}

/** The `email` group's methods. */
export type EmailGroup = ReturnType<typeof createEmailGroup>;

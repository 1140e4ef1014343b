import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, plannedRoutes } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema } from '../schemas.js';

const app = '/:appId/console';
const perm = DevOperations.EMAIL_SETTINGS;

/** How the SMTP connection is secured: none, TLS from the first byte (SSL), or upgraded (STARTTLS). */
export const SmtpSecuritySchema = Type.Union([Type.Literal('NONE'), Type.Literal('SSL'), Type.Literal('STARTTLS')]);

/**
 * An app's SMTP settings, as `updateEmailParams`/`testSMTPConnection` send them. The server checks
 * them field by field and names the bad one; an empty or masked password on an update keeps the
 * stored one.
 */
export const EmailSettingsBody = Type.Object(
  {
    host: Type.Optional(Type.String({ maxLength: 255 })),
    port: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 10 })])),
    username: Type.Optional(Type.String({ maxLength: 300 })),
    password: Type.Optional(Type.String({ maxLength: 1000 })),
    security: Type.Optional(Type.String({ maxLength: 20 })),
    fromEmail: Type.Optional(Type.String({ maxLength: 300 })),
    fromName: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: true },
);

/** `getEmailParams`: the app's settings (the server default's when none are set), password masked. */
export const EmailSettingsSchema = Type.Object({
  host: Type.String(),
  port: Type.Number(),
  username: Type.String(),
  /** Masked: `********` when a password is stored, empty otherwise. */
  password: Type.String(),
  security: SmtpSecuritySchema,
  fromEmail: Type.String(),
  fromName: Type.String(),
  /** Basalt's own: false while the app uses the server's default mail delivery. */
  custom: Type.Boolean(),
});
export type EmailSettings = Static<typeof EmailSettingsSchema>;

/** One system event's template: the mail the server sends on that event (e.g. password restore). */
export const EmailEventTemplateSchema = Type.Object({
  eventId: Type.String(),
  name: Type.String(),
  triggersEmail: Type.Boolean(),
  subject: Type.String(),
  body: Type.String(),
  /** The `{variables}` this event fills in. */
  variables: Type.Array(Type.String()),
  /** False while the default text is used. */
  customized: Type.Boolean(),
});
export type EmailEventTemplate = Static<typeof EmailEventTemplateSchema>;

const EventTemplateBody = Type.Object(
  {
    eventId: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Integer()]),
    subject: Type.String({ maxLength: 1000 }),
    body: Type.String({ maxLength: 200_000 }),
  },
  { additionalProperties: true },
);

const EventTestBody = Type.Object(
  {
    eventId: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Integer()]),
    email: Type.String({ minLength: 1, maxLength: 300 }),
    subject: Type.Optional(Type.String({ maxLength: 1000 })),
    body: Type.Optional(Type.String({ maxLength: 200_000 })),
  },
  { additionalProperties: true },
);

/** A custom template: the app API sends it by name with values for its `{keys}`. */
export const CustomEmailTemplateSchema = Type.Object({
  name: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  /** Paths of the app's files attached to every mail of the template. */
  attachments: Type.Array(Type.String()),
  /** The `{keys}` of subject and body, in order of first use. */
  keys: Type.Array(Type.String()),
  created: Type.Number(),
  updated: Type.Number(),
});
export type CustomEmailTemplate = Static<typeof CustomEmailTemplateSchema>;

const CustomTemplateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    subject: Type.String({ maxLength: 1000 }),
    body: Type.String({ maxLength: 200_000 }),
    attachments: Type.Optional(Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 20 })),
  },
  { additionalProperties: true },
);

const CustomTestBody = Type.Object(
  {
    'template-name': Type.String({ minLength: 1, maxLength: 100 }),
    'template-values': Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    attachment: Type.Optional(Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 20 })),
    email: Type.String({ minLength: 1, maxLength: 300 }),
  },
  { additionalProperties: true },
);

/** A mail of the durable outbox (app API and system mails): retried with backoff until delivered. */
export const EmailOutboxItemSchema = Type.Object({
  id: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  status: Type.Union([Type.Literal('PENDING'), Type.Literal('SENT'), Type.Literal('FAILED')]),
  attempts: Type.Number(),
  error: NullableSchema(Type.String()),
  created: Type.Number(),
  nextAttempt: NullableSchema(Type.Number()),
  sent: NullableSchema(Type.Number()),
});
export type EmailOutboxItem = Static<typeof EmailOutboxItemSchema>;

const Done = Type.Object({ success: Type.Boolean() });

/**
 * Email settings: SMTP settings per app, system event templates and custom templates. The
 * reference client's `loadEmailTemplates` and `saveEmailTemplate` are aliases of `loadTemplates`
 * and `saveTemplate` and use the same routes.
 */
export const emailRoutes = {
  loadTemplates: defineRoute({
    name: 'email.loadTemplates',
    method: 'GET',
    path: `${app}/email`,
    auth: 'developer',
    response: Type.Array(EmailEventTemplateSchema),
  }),
  saveTemplate: defineRoute({
    name: 'email.saveTemplate',
    method: 'PUT',
    path: `${app}/email/events`,
    auth: 'developer',
    devPermission: perm,
    body: EventTemplateBody,
    response: EmailEventTemplateSchema,
  }),
  sendTestEmail: defineRoute({
    name: 'email.sendTestEmail',
    method: 'POST',
    path: `${app}/email/events/test`,
    auth: 'developer',
    devPermission: perm,
    body: EventTestBody,
    response: Done,
  }),
  resetSystemEmailTemplate: defineRoute({
    name: 'email.resetSystemEmailTemplate',
    method: 'DELETE',
    path: `${app}/email/events/:eventId`,
    auth: 'developer',
    devPermission: perm,
    response: EmailEventTemplateSchema,
  }),
  updateEmailParams: defineRoute({
    name: 'email.updateEmailParams',
    method: 'PUT',
    path: `${app}/mailsettings`,
    auth: 'developer',
    devPermission: perm,
    body: EmailSettingsBody,
    response: EmailSettingsSchema,
  }),
  resetEmailParams: defineRoute({
    name: 'email.resetEmailParams',
    method: 'DELETE',
    path: `${app}/mailsettings`,
    auth: 'developer',
    devPermission: perm,
    response: EmailSettingsSchema,
  }),
  getEmailParams: defineRoute({
    name: 'email.getEmailParams',
    method: 'GET',
    path: `${app}/mailsettings`,
    auth: 'developer',
    response: EmailSettingsSchema,
  }),
  testSMTPConnection: defineRoute({
    name: 'email.testSMTPConnection',
    method: 'PUT',
    path: `${app}/mailsettings/test`,
    auth: 'developer',
    devPermission: perm,
    body: EmailSettingsBody,
    response: Done,
    summary: 'A real SMTP handshake with the given settings (a masked password uses the stored one)',
  }),
  loadCustomTemplates: defineRoute({
    name: 'email.loadCustomTemplates',
    method: 'GET',
    path: `${app}/emailtemplate`,
    auth: 'developer',
    response: Type.Array(CustomEmailTemplateSchema),
  }),
  createCustomTemplate: defineRoute({
    name: 'email.createCustomTemplate',
    method: 'POST',
    path: `${app}/emailtemplate`,
    auth: 'developer',
    devPermission: perm,
    body: CustomTemplateBody,
    response: CustomEmailTemplateSchema,
  }),
  updateCustomTemplate: defineRoute({
    name: 'email.updateCustomTemplate',
    method: 'PUT',
    path: `${app}/emailtemplate/:templateName`,
    auth: 'developer',
    devPermission: perm,
    body: CustomTemplateBody,
    response: CustomEmailTemplateSchema,
  }),
  deleteCustomTemplate: defineRoute({
    name: 'email.deleteCustomTemplate',
    method: 'DELETE',
    path: `${app}/emailtemplate/:templateName`,
    auth: 'developer',
    devPermission: perm,
    response: Done,
  }),
  sendTestCustomEmail: defineRoute({
    name: 'email.sendTestCustomEmail',
    method: 'POST',
    path: `${app}/emailtemplate/test`,
    auth: 'developer',
    devPermission: perm,
    body: CustomTestBody,
    response: Done,
  }),
  parseCustomTemplateKeys: defineRoute({
    name: 'email.parseCustomTemplateKeys',
    method: 'POST',
    path: `${app}/emailtemplate/customkeys`,
    auth: 'developer',
    body: Type.Object(
      {
        name: Type.Optional(Type.String({ maxLength: 100 })),
        subject: Type.Optional(Type.String({ maxLength: 1000 })),
        body: Type.Optional(Type.String({ maxLength: 200_000 })),
      },
      { additionalProperties: true },
    ),
    response: Type.Array(Type.String()),
  }),
  /** Basalt's own: the app's outgoing mails of the durable outbox, newest first, with their errors. */
  loadEmailOutbox: defineRoute({
    name: 'email.loadEmailOutbox',
    method: 'GET',
    path: `${app}/email/outbox`,
    auth: 'developer',
    response: Type.Array(EmailOutboxItemSchema),
  }),
  /** Basalt's own: one more delivery attempt of a failed or waiting mail now; answers the mail after it. */
  retryEmailOutbox: defineRoute({
    name: 'email.retryEmailOutbox',
    method: 'POST',
    path: `${app}/email/outbox/:mailId/retry`,
    auth: 'developer',
    devPermission: perm,
    response: EmailOutboxItemSchema,
  }),
  /** Basalt's own: removes a failed mail from the outbox (it is not sent). */
  discardEmailOutbox: defineRoute({
    name: 'email.discardEmailOutbox',
    method: 'DELETE',
    path: `${app}/email/outbox/:mailId`,
    auth: 'developer',
    devPermission: perm,
    response: Type.Object({ deleted: Type.Literal(true), id: Type.String() }),
  }),
  // Installing templates from the marketplace belongs to the marketplace, which is not built.
  ...plannedRoutes('marketplace', 'email', {
    installEmailTemplateFromMarketplace: ['POST', `${app}/email-templates/install/:productId`],
  }),
};

import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema } from '../schemas.js';

const app = '/:appId/console';
const domains = `${app}/settings/custom-domain`;

/** A host name as sent (checked by the server, which names what is wrong with it). */
const DomainName = Type.String({ maxLength: 300 });

/** One DNS record the developer creates at their DNS provider for a custom domain. */
export const DnsRecordSchema = Type.Object({
  type: Type.Union([Type.Literal('CNAME'), Type.Literal('A')]),
  /** The record's name as DNS providers ask for it: the full host name. */
  host: Type.String(),
  /** What the record points at: the server's public host name (CNAME) or address (A). */
  value: Type.String(),
});
export type DnsRecord = Static<typeof DnsRecordSchema>;

/**
 * A custom domain of an app. `PENDING` until the first request for it reaches the server (its DNS
 * then points here), `ACTIVE` from then on; a generated domain is active at once (the server's
 * wildcard DNS covers it). Requests for an active or pending domain are served alike: the status
 * tells the developer whether DNS works, it is no gate.
 */
export const CustomDomainSchema = Type.Object({
  id: Type.String(),
  domainName: Type.String(),
  /** Made by `assignCustomDomain` under the server's generated-domain suffix. */
  generated: Type.Boolean(),
  status: Type.Union([Type.Literal('PENDING'), Type.Literal('ACTIVE')]),
  /** When a request for the domain first reached the server (null while pending). */
  verifiedAt: NullableSchema(Type.Number()),
  /** The records to create at the DNS provider (empty for a generated domain). */
  dnsRecords: Type.Array(DnsRecordSchema),
  created: Type.Number(),
  updated: Type.Number(),
});
export type CustomDomain = Static<typeof CustomDomainSchema>;

const DomainBody = Type.Object({ domainName: DomainName }, { additionalProperties: true });
const ChangeBody = Type.Object(
  { id: Type.Optional(Type.String()), domainName: DomainName },
  { additionalProperties: true },
);
/** `prefix`: the first words of the generated name (letters, digits, dashes); random when absent. */
const AssignBody = Type.Object(
  { prefix: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: true },
);

/**
 * The origins the app API answers CORS for. The reference client sends the array it split from
 * the text the developer typed (on whitespace); an empty list means any origin (`*`).
 */
const OriginsBody = Type.Array(Type.String({ maxLength: 300 }), { maxItems: 200 });

/**
 * Domain control (CORS origins of the app API) and custom domains of the reference's `settings`
 * group. Changing them needs developer operations CORS (8) and CUSTOM_DOMAIN (9).
 */
export const settingsDomainRoutes = {
  /** Basalt's own getter (the reference reads the list from its app settings answer). */
  getDomainNames: defineRoute({
    name: 'settings.getDomainNames',
    method: 'GET',
    path: `${app}/domaincontrolsettings`,
    auth: 'developer',
    response: Type.Array(Type.String()),
    summary: 'The origins the app API grants CORS to; empty: any origin',
  }),
  updateDomainNames: defineRoute({
    name: 'settings.updateDomainNames',
    method: 'PUT',
    path: `${app}/domaincontrolsettings`,
    auth: 'developer',
    devPermission: DevOperations.CORS,
    body: OriginsBody,
    response: Type.Array(Type.String()),
    summary: 'Origins as `scheme://host[:port]`; answers them normalised. An empty list grants any origin',
  }),
  updateCustomDomain: defineRoute({
    name: 'settings.updateCustomDomain',
    method: 'PUT',
    path: `${app}/dnsmapping`,
    auth: 'developer',
    devPermission: DevOperations.CUSTOM_DOMAIN,
    body: Type.Union([DomainName, DomainBody]),
    response: CustomDomainSchema,
    summary: 'The older single-domain form: sets the app’s (first) custom domain to the name sent',
  }),
  getCustomDomains: defineRoute({
    name: 'settings.getCustomDomains',
    method: 'GET',
    path: domains,
    auth: 'developer',
    response: Type.Array(CustomDomainSchema),
  }),
  createCustomDomain: defineRoute({
    name: 'settings.createCustomDomain',
    method: 'POST',
    path: domains,
    auth: 'developer',
    devPermission: DevOperations.CUSTOM_DOMAIN,
    body: DomainBody,
    response: CustomDomainSchema,
    summary: '`{domainName}`: a host name no app has; answers the DNS records to create',
  }),
  assignCustomDomain: defineRoute({
    name: 'settings.assignCustomDomain',
    method: 'POST',
    path: `${domains}/assign-generated-domain`,
    auth: 'developer',
    devPermission: DevOperations.CUSTOM_DOMAIN,
    body: AssignBody,
    response: CustomDomainSchema,
    summary: 'A generated host name under the server’s suffix, active at once',
  }),
  changeCustomDomain: defineRoute({
    name: 'settings.changeCustomDomain',
    method: 'PUT',
    path: `${domains}/:domainId`,
    auth: 'developer',
    devPermission: DevOperations.CUSTOM_DOMAIN,
    body: ChangeBody,
    response: CustomDomainSchema,
    summary: 'A new host name for the domain (pending again until a request for it arrives)',
  }),
  deleteCustomDomain: defineRoute({
    name: 'settings.deleteCustomDomain',
    method: 'DELETE',
    path: `${domains}/:domainId`,
    auth: 'developer',
    devPermission: DevOperations.CUSTOM_DOMAIN,
    response: Type.Object({ deleted: Type.Boolean() }),
  }),
};

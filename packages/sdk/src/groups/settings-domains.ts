import { Routes, type CustomDomain, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.settingsDomains;
const seg = (text: string) => encodeURIComponent(text);

/** What the console sends to add or change a custom domain (`id` names the one to change). */
export interface CustomDomainInput {
  id?: string;
  domainName: string;
}

/**
 * The `settings` group's CORS origins, custom domains and social login keys (spread into
 * `createSettingsGroup`), with the reference client's names and argument order.
 */
export function createSettingsDomainMethods({ request }: GroupContext) {
  return {
    /** The origins the app API grants CORS to (empty: any origin). Basalt's own getter. */
    getDomainNames(appId: string): Promise<string[]> {
      return request.route(r.getDomainNames, [appId]);
    },

    /**
     * Replaces the origins. As the reference client, a text is split on whitespace into the list;
     * a list is sent as it is. Answers the stored, normalised origins.
     */
    updateDomainNames(appId: string, domainNames: string | readonly string[]): Promise<string[]> {
      const list = typeof domainNames === 'string' ? domainNames.split(/\s+/) : [...domainNames];
      return request.route(r.updateDomainNames, [appId], { body: list });
    },

    /** The older single-domain form: the name is sent as a bare body. */
    updateCustomDomain(appId: string, domainName: string): Promise<CustomDomain> {
      return request.route(r.updateCustomDomain, [appId], { body: domainName });
    },

    /** The app's custom domains with their status and DNS records. */
    getCustomDomains(appId: string): Promise<CustomDomain[]> {
      return request.route(r.getCustomDomains, [appId]);
    },

    createCustomDomain(appId: string, domainData: CustomDomainInput): Promise<CustomDomain> {
      return request.route(r.createCustomDomain, [appId], { body: domainData });
    },

    /** A generated host name under the server's suffix; `{prefix}` chooses its first words. */
    assignCustomDomain(appId: string, domainData: { prefix?: string } = {}): Promise<CustomDomain> {
      return request.route(r.assignCustomDomain, [appId], { body: domainData });
    },

    /** Renames the domain `domainData.id`, as the reference client addresses it. */
    changeCustomDomain(appId: string, domainData: CustomDomainInput & { id: string }): Promise<CustomDomain> {
      return request.route(r.changeCustomDomain, [appId, seg(domainData.id)], { body: domainData });
    },

    deleteCustomDomain(appId: string, domainId: string): Promise<{ deleted: boolean }> {
      return request.route(r.deleteCustomDomain, [appId, seg(domainId)]);
    },

    /** Social login keys of a provider: the users area's route, which the reference calls from both groups. */
    updateSocialParams(
      appId: string,
      param: Record<string, unknown>,
    ): Promise<ResponseOf<typeof Routes.users.updateSocialParams>> {
      return request.route(Routes.users.updateSocialParams, [appId], { body: param });
    },
  };
}

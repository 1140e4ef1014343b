import {
  Routes,
  type Auth0Settings,
  type OAuthProvider,
  type ResponseOf,
  type ScopeBinding,
  type UserProperty,
  type UsersLoginSettings,
  type UsersRegistrationSettings,
} from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.users;
const seg = (text: string) => encodeURIComponent(text);

/** A provider as sent: free-form fields (the server validates and names a bad one); updates carry `id`. */
export type OAuthProviderInput = Partial<OAuthProvider> & { [field: string]: unknown };

/** Auth0 settings as sent: the fields to change. */
export type Auth0SettingsInput = Partial<Auth0Settings> & { [field: string]: unknown };

/** A scope binding as sent: `id` when it is saved over an existing one. */
export type ScopeBindingInput = Omit<ScopeBinding, 'id'> & { id?: string };

/** Users configuration: registration, login, properties, OAuth and Auth0 (`users` group). */
export function createUsersGroup({ request }: GroupContext) {
  return {
    /** Registration properties. */
    getUsersRegs(appId: string): Promise<ResponseOf<typeof r.getUsersRegs>> {
      return request.route(r.getUsersRegs, [appId]);
    },

    /** Saves registration properties. */
    updateUsersRegs(
      appId: string,
      data: Partial<UsersRegistrationSettings> & Record<string, unknown>,
    ): Promise<ResponseOf<typeof r.updateUsersRegs>> {
      return request.route(r.updateUsersRegs, [appId], { body: data });
    },

    /** Login properties (identity column, multiple logins, session timeout, lockout). */
    getUsersLogin(appId: string): Promise<ResponseOf<typeof r.getUsersLogin>> {
      return request.route(r.getUsersLogin, [appId]);
    },

    /** Every user token issued before now stops being valid. */
    logoutAllUsers(appId: string): Promise<ResponseOf<typeof r.logoutAllUsers>> {
      return request.route(r.logoutAllUsers, [appId]);
    },

    /** The sign-in URL of a social provider (same route as `user.loginSocial`). */
    getUserSocialLogin(provider: string): Promise<ResponseOf<typeof r.getUserSocialLogin>> {
      return request.route(r.getUserSocialLogin, [provider]);
    },

    /** Saves login properties (POST, as the reference client sends it). */
    updateUsersLogin(
      appId: string,
      data: Partial<UsersLoginSettings> & Record<string, unknown>,
    ): Promise<ResponseOf<typeof r.updateUsersLogin>> {
      return request.route(r.updateUsersLogin, [appId], { body: data });
    },

    /** User properties (the Users columns as registration and login see them). */
    getUsersProps(appId: string): Promise<ResponseOf<typeof r.getUsersProps>> {
      return request.route(r.getUsersProps, [appId]);
    },

    /** Saves one user property; the path names it from `data.name`. */
    updateUsersProps(
      appId: string,
      data: Partial<UserProperty> & { name: string },
    ): Promise<ResponseOf<typeof r.updateUsersProps>> {
      return request.route(r.updateUsersProps, [appId, seg(data.name)], { body: data });
    },

    /** Social login keys (same route as `settings.updateSocialParams`). */
    updateSocialParams(
      appId: string,
      param: Record<string, unknown>,
    ): Promise<ResponseOf<typeof r.updateSocialParams>> {
      return request.route(r.updateSocialParams, [appId], { body: param });
    },

    /** OAuth 1 provider templates. */
    getOAuth1ProviderTemplates(appId: string): Promise<ResponseOf<typeof r.getOAuth1ProviderTemplates>> {
      return request.route(r.getOAuth1ProviderTemplates, [appId]);
    },

    /** OAuth 2 provider templates. */
    getOAuth2ProviderTemplates(appId: string): Promise<ResponseOf<typeof r.getOAuth2ProviderTemplates>> {
      return request.route(r.getOAuth2ProviderTemplates, [appId]);
    },

    /** OAuth 1 providers of the app. */
    getOAuth1Providers(appId: string): Promise<ResponseOf<typeof r.getOAuth1Providers>> {
      return request.route(r.getOAuth1Providers, [appId]);
    },

    /** OAuth 2 providers of the app. */
    getOAuth2Providers(appId: string): Promise<ResponseOf<typeof r.getOAuth2Providers>> {
      return request.route(r.getOAuth2Providers, [appId]);
    },

    /** One OAuth 1 provider. */
    getOAuth1Provider(appId: string, providerId: string): Promise<ResponseOf<typeof r.getOAuth1Provider>> {
      return request.route(r.getOAuth1Provider, [appId, seg(providerId)]);
    },

    /** One OAuth 2 provider. */
    getOAuth2Provider(appId: string, providerId: string): Promise<ResponseOf<typeof r.getOAuth2Provider>> {
      return request.route(r.getOAuth2Provider, [appId, seg(providerId)]);
    },

    /** Creates an OAuth 2 provider from scratch. */
    createOAuth2Provider(
      appId: string,
      provider: OAuthProviderInput,
    ): Promise<ResponseOf<typeof r.createOAuth2Provider>> {
      return request.route(r.createOAuth2Provider, [appId], { body: provider });
    },

    /** Saves an OAuth 1 provider (by `provider.id`). */
    updateOAuth1Provider(
      appId: string,
      provider: OAuthProviderInput & { id: string },
    ): Promise<ResponseOf<typeof r.updateOAuth1Provider>> {
      return request.route(r.updateOAuth1Provider, [appId, seg(provider.id)], { body: provider });
    },

    /** Saves an OAuth 2 provider (by `provider.id`). */
    updateOAuth2Provider(
      appId: string,
      provider: OAuthProviderInput & { id: string },
    ): Promise<ResponseOf<typeof r.updateOAuth2Provider>> {
      return request.route(r.updateOAuth2Provider, [appId, seg(provider.id)], { body: provider });
    },

    /** Creates an OAuth 1 provider from a template (`{templateCode, consumerKey, consumerSecret}`). */
    createOAuth1ProviderFromTemplate(
      appId: string,
      data: Record<string, unknown>,
    ): Promise<ResponseOf<typeof r.createOAuth1ProviderFromTemplate>> {
      return request.route(r.createOAuth1ProviderFromTemplate, [appId], { body: data });
    },

    /** Creates an OAuth 2 provider from a template (`{templateCode, clientId, clientSecret}`). */
    createOAuth2ProviderFromTemplate(
      appId: string,
      data: Record<string, unknown>,
    ): Promise<ResponseOf<typeof r.createOAuth2ProviderFromTemplate>> {
      return request.route(r.createOAuth2ProviderFromTemplate, [appId], { body: data });
    },

    /** Removes an OAuth 1 provider. */
    removeOAuth1Provider(appId: string, providerId: string): Promise<ResponseOf<typeof r.removeOAuth1Provider>> {
      return request.route(r.removeOAuth1Provider, [appId, seg(providerId)]);
    },

    /** Removes an OAuth 2 provider. */
    removeOAuth2Provider(appId: string, providerId: string): Promise<ResponseOf<typeof r.removeOAuth2Provider>> {
      return request.route(r.removeOAuth2Provider, [appId, seg(providerId)]);
    },

    /** Callback URLs to register with an OAuth 1 provider. */
    getOAuth1CallbackUrls(appId: string, providerCode: string): Promise<ResponseOf<typeof r.getOAuth1CallbackUrls>> {
      return request.route(r.getOAuth1CallbackUrls, [appId, seg(providerCode)]);
    },

    /** Callback URLs to register with an OAuth 2 provider. */
    getOAuth2CallbackUrls(appId: string, providerCode: string): Promise<ResponseOf<typeof r.getOAuth2CallbackUrls>> {
      return request.route(r.getOAuth2CallbackUrls, [appId, seg(providerCode)]);
    },

    /** Auth0 configuration. */
    getAuth0Configuration(appId: string): Promise<ResponseOf<typeof r.getAuth0Configuration>> {
      return request.route(r.getAuth0Configuration, [appId]);
    },

    /** Saves the Auth0 configuration. */
    updateAuth0Configuration(
      appId: string,
      config: Auth0SettingsInput,
    ): Promise<ResponseOf<typeof r.updateAuth0Configuration>> {
      return request.route(r.updateAuth0Configuration, [appId], { body: config });
    },

    /** Maps an Auth0 scope onto a role. */
    createAuth0ScopeBinding(
      appId: string,
      binding: ScopeBindingInput,
    ): Promise<ResponseOf<typeof r.createAuth0ScopeBinding>> {
      return request.route(r.createAuth0ScopeBinding, [appId], { body: binding });
    },

    /** Saves a scope mapping (by `binding.id`). */
    updateAuth0ScopeBinding(
      appId: string,
      binding: ScopeBindingInput & { id: string },
    ): Promise<ResponseOf<typeof r.updateAuth0ScopeBinding>> {
      return request.route(r.updateAuth0ScopeBinding, [appId, seg(binding.id)], { body: binding });
    },

    /** Scope mappings. */
    getAuth0ScopeBindings(appId: string): Promise<ResponseOf<typeof r.getAuth0ScopeBindings>> {
      return request.route(r.getAuth0ScopeBindings, [appId]);
    },

    /** Removes a scope mapping. */
    deleteAuth0ScopeBinding(appId: string, bindingId: string): Promise<ResponseOf<typeof r.deleteAuth0ScopeBinding>> {
      return request.route(r.deleteAuth0ScopeBinding, [appId, seg(bindingId)]);
    },
  };
}

/** The `users` group. */
export type UsersGroup = ReturnType<typeof createUsersGroup>;

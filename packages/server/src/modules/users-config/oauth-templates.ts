import type { OAuthTemplate } from '@basalt/shared';

/**
 * Ready-made provider settings the console offers (`create-from-template`): the developer adds
 * only the client id and secret. Endpoints are the providers' public documented ones.
 */
export const OAUTH2_TEMPLATES: OAuthTemplate[] = [
  {
    code: 'google',
    name: 'Google',
    version: 2,
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: ['openid', 'email', 'profile'],
    fieldsMapping: { email: 'email', name: 'name' },
  },
  {
    code: 'facebook',
    name: 'Facebook',
    version: 2,
    authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    scope: ['email', 'public_profile'],
    fieldsMapping: { email: 'email', name: 'name' },
  },
  {
    code: 'github',
    name: 'GitHub',
    version: 2,
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    scope: ['read:user', 'user:email'],
    fieldsMapping: { email: 'email', name: 'name' },
  },
  {
    code: 'microsoft',
    name: 'Microsoft',
    version: 2,
    authorizationUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userInfoUrl: 'https://graph.microsoft.com/oidc/userinfo',
    scope: ['openid', 'email', 'profile'],
    fieldsMapping: { email: 'email', name: 'name' },
  },
  {
    code: 'linkedin',
    name: 'LinkedIn',
    version: 2,
    authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    userInfoUrl: 'https://api.linkedin.com/v2/userinfo',
    scope: ['openid', 'email', 'profile'],
    fieldsMapping: { email: 'email', name: 'name' },
  },
  {
    code: 'apple',
    name: 'Apple',
    version: 2,
    authorizationUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    userInfoUrl: '',
    scope: ['name', 'email'],
    fieldsMapping: { email: 'email' },
  },
];

export const OAUTH1_TEMPLATES: OAuthTemplate[] = [
  {
    code: 'twitter',
    name: 'Twitter',
    version: 1,
    requestTokenUrl: 'https://api.twitter.com/oauth/request_token',
    authorizationUrl: 'https://api.twitter.com/oauth/authenticate',
    tokenUrl: 'https://api.twitter.com/oauth/access_token',
    userInfoUrl: 'https://api.twitter.com/1.1/account/verify_credentials.json?include_email=true',
    scope: [],
    fieldsMapping: { email: 'email', name: 'name' },
  },
];

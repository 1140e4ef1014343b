import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Backendless from 'backendless';
import { startTestServer, testDbKinds, type TestServer } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi.test-helpers.js';
import { oauth1Header } from '../../users-config/index.js';
import { fakeJwt, startStandIn, type StandIn } from './oauth.test-helpers.js';
import { deploy } from '../../cloudcode/test/cloudcode.test-helpers.js';

type Rec = Record<string, unknown>;

/** The JSON string the callback page posts to its opener. */
function posted(html: string): Rec {
  const m = /var m=("(?:[^"\\]|\\.)*");/.exec(html);
  if (!m) throw new Error(`no message in page: ${html.slice(0, 200)}`);
  return JSON.parse(JSON.parse(m[1]) as string) as Rec;
}

it('signs OAuth 1 requests as RFC 5849 and the Twitter documentation do', () => {
  const url = new URL('https://api.twitter.com/1.1/statuses/update.json?include_entities=true');
  const header = oauth1Header(
    'POST',
    url,
    {
      consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
      consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
      token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
      tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
    },
    {},
    { status: 'Hello Ladies + Gentlemen, a signed OAuth request!' },
    1318622958_000,
    'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  );
  expect(header).toContain('oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"');
});

for (const kind of testDbKinds()) {
  describe(`app users sign in with OAuth and Auth0 [${kind}]`, () => {
    let server: TestServer;
    let idp: StandIn;
    let f: AppFixture;
    beforeAll(async () => {
      idp = await startStandIn();
      // The identity provider stand-in listens on 127.0.0.1: private addresses are allowed for this server.
      server = await startTestServer(kind, { auth0BaseUrlOverride: idp.origin, remoteFetchPrivate: true });
      f = await appFixture(server);
      expect((await f.console('PUT', '/security/roles/Editors')).statusCode).toBe(200);
      expect((await f.console('PUT', '/security/roles/Auth0Users')).statusCode).toBe(200);
      expect(
        (await f.console('POST', '/security/auth0/scope-to-role', { scope: 'write:notes', roleName: 'Editors' }))
          .statusCode,
      ).toBe(200);
      const p2 = await f.console('POST', '/users/oauth2', {
        code: 'standin',
        name: 'Stand-in',
        clientId: 'client-id',
        clientSecret: 'client-secret',
        scope: ['openid', 'email'],
        authorizationUrl: `${idp.origin}/authorize`,
        tokenUrl: `${idp.origin}/token`,
        userInfoUrl: `${idp.origin}/userinfo`,
        fieldsMapping: { email: 'email', name: 'name' },
      });
      expect(p2.statusCode).toBe(200);
      const p1 = await f.console('POST', '/users/oauth1/create-from-template', {
        templateCode: 'twitter',
        code: 'tw',
        consumerKey: 'consumer-key',
        consumerSecret: 'consumer-secret',
      });
      expect(p1.statusCode).toBe(200);
      const u1 = await f.console('PUT', `/users/oauth1/${p1.json().id}`, {
        requestTokenUrl: `${idp.origin}/1/request_token`,
        authorizationUrl: `${idp.origin}/1/authorize`,
        tokenUrl: `${idp.origin}/1/access_token`,
        userInfoUrl: `${idp.origin}/1/userinfo`,
      });
      expect(u1.statusCode).toBe(200);
    });
    afterAll(async () => {
      await server?.close();
      await idp?.close();
    });

    const social = (code: string, body: Rec, token?: string) =>
      f.api('POST', `/users/social/${code}/login`, { body, ...(token ? { token } : {}) });

    it('creates a new user, matches it again, gives roles from scopes and its token works on data calls', async () => {
      idp.profiles.set('tok-ann', {
        sub: 'ann-1',
        email: 'Ann@Example.com',
        email_verified: true,
        name: 'Ann',
        scope: 'openid write:notes',
      });
      const first = await social('standin', { accessToken: 'tok-ann' });
      expect(first.statusCode).toBe(200);
      const user = first.json();
      expect(user).toMatchObject({
        email: 'ann@example.com',
        name: 'Ann',
        socialAccount: 'standin',
        ___class: 'Users',
        'user-token': expect.any(String),
      });
      expect(user.password).toBeUndefined();
      const roles = (await f.api('GET', '/users/userroles', { token: user['user-token'] })).json();
      expect(roles).toEqual(expect.arrayContaining(['AuthenticatedUser', 'SocialUser', 'Editors']));
      const own = await f.api('GET', `/data/Users/${user.objectId}`, { token: user['user-token'] });
      expect([own.statusCode, own.json().objectId]).toEqual([200, user.objectId]);

      // The provider account changed its email: the link, not the email, finds the same user.
      idp.profiles.set('tok-ann-2', { sub: 'ann-1', email: 'ann.new@example.com', name: 'Ann' });
      const again = await social('STANDIN', { accessToken: 'tok-ann-2' });
      expect(again.statusCode).toBe(200);
      expect(again.json().objectId).toBe(user.objectId);
      expect(again.json()['user-token']).not.toBe(user['user-token']);
    });

    it('links a password user by verified email only, and maps fields the request names', async () => {
      const pw = await f.user('bob@example.com');
      idp.profiles.set('tok-bob', {
        sub: 'bob-9',
        email: 'bob@example.com',
        email_verified: true,
        name: 'Bob',
        login: 'bobby',
      });
      const linked = await social('standin', { accessToken: 'tok-bob' });
      expect(linked.json().objectId).toBe(pw.objectId);

      // An unverified address must not reach someone else's account: a separate user without that email.
      idp.profiles.set('tok-eve', { sub: 'eve-6', email: 'bob@example.com', email_verified: false, nick: 'eve' });
      const eve = await social('standin', { accessToken: 'tok-eve', fieldsMapping: { nick: 'name' } });
      expect(eve.statusCode).toBe(200);
      expect(eve.json().objectId).not.toBe(pw.objectId);
      expect(eve.json()).toMatchObject({ name: 'eve', email: null });
    });

    it('refuses unknown and disabled providers, rejected tokens and oversized profiles', async () => {
      const unknown = await social('nosuch', { accessToken: 'x' });
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 3100]);
      const bad = await social('standin', { accessToken: 'forged' });
      expect([bad.statusCode, bad.json().code]).toEqual([401, 3102]);
      const missing = await social('standin', {});
      expect([missing.statusCode, missing.json().code, missing.json().message]).toEqual([
        400,
        8000,
        expect.stringContaining("'accessToken'"),
      ]);

      const created = await f.console('POST', '/users/oauth2', {
        code: 'big',
        clientId: 'c',
        authorizationUrl: `${idp.origin}/a`,
        tokenUrl: `${idp.origin}/t`,
        userInfoUrl: `${idp.origin}/big`,
      });
      const big = await social('big', { accessToken: 'any' });
      expect([big.statusCode, big.json().code]).toEqual([502, 3103]);
      expect((await f.console('PUT', `/users/oauth2/${created.json().id}`, { enabled: false })).statusCode).toBe(200);
      const off = await social('big', { accessToken: 'any' });
      expect([off.statusCode, off.json().code]).toEqual([403, 3101]);
    });

    it('runs the social and OAuth sign-in events: before-register changes the new user, after-login the answer, a refusal makes no user', async () => {
      const g = await appFixture(server);
      expect(
        (
          await g.console('POST', '/users/oauth2', {
            code: 'standin',
            name: 'Stand-in',
            clientId: 'client-id',
            clientSecret: 'client-secret',
            scope: ['openid', 'email'],
            authorizationUrl: `${idp.origin}/authorize`,
            tokenUrl: `${idp.origin}/token`,
            userInfoUrl: `${idp.origin}/userinfo`,
            fieldsMapping: { email: 'email', name: 'name' },
          })
        ).statusCode,
      ).toBe(200);
      await deploy(g, [
        {
          id: 'signin.js',
          content: `
Backendless.ServerCode.User.beforeSocialRegister((req) => { req.userProperties.name = 'Hooked ' + req.socialType; });
Backendless.ServerCode.User.afterSocialLogin((req, res) => { res.result.seenBy = 'afterSocialLogin'; });
Backendless.ServerCode.User.beforeOAuthRegister((req) => {
  if (req.userProperties.email === 'blocked@example.com')
    throw new Backendless.ServerCode.Error(4001, 'No sign-up through ' + req.oauthProviderCode, 400);
});
`,
        },
      ]);
      idp.profiles.set('tok-hook', { sub: 'hook-1', email: 'hook@example.com', email_verified: true, name: 'Hook' });
      const registered = await g.api('POST', '/users/social/standin/login', { body: { accessToken: 'tok-hook' } });
      expect(registered.statusCode, registered.body).toBe(200);
      expect(registered.json()).toMatchObject({ name: 'Hooked standin' });
      expect(registered.json().seenBy).toBeUndefined();
      const stored = await g.api('GET', `/data/Users/${registered.json().objectId}`, {
        token: registered.json()['user-token'],
      });
      expect(stored.json().name).toBe('Hooked standin');
      const again = await g.api('POST', '/users/social/standin/login', { body: { accessToken: 'tok-hook' } });
      expect(again.json()).toMatchObject({ objectId: registered.json().objectId, seenBy: 'afterSocialLogin' });

      // The browser flow is an OAuth sign-in: the refusal reaches the page and no user is made.
      const asked = await g.api('POST', '/users/oauth/standin/request_url', { body: { fieldsMapping: {} } });
      const state = new URL(asked.body).searchParams.get('state')!;
      idp.codes.set('code-hook', { token: 'tok-blocked' });
      idp.profiles.set('tok-blocked', { sub: 'blocked-1', email: 'blocked@example.com', email_verified: true });
      const page = await server.call(
        'GET',
        `/${g.appId}/users/oauth2/standin/callback?code=code-hook&state=${encodeURIComponent(state)}`,
      );
      expect(posted(page.body).fault).toBe('No sign-up through standin');
      const count = await g.api(
        'GET',
        '/data/Users/count?where=' + encodeURIComponent("email = 'blocked@example.com'"),
        {
          key: g.keys.BL,
        },
      );
      expect([count.statusCode, count.json()]).toEqual([200, 0]);
    });

    it('signs in with OAuth 1: the user info request is signed with the consumer and token secrets', async () => {
      idp.oauth1Secrets.set('tw-token', 'tw-secret');
      idp.oauth1Profiles.set('tw-token', { id_str: '777', name: 'Tweety' });
      const ok = await social('tw', { accessToken: 'tw-token', accessTokenSecret: 'tw-secret' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ name: 'Tweety', socialAccount: 'tw' });
      const wrongSecret = await social('tw', { accessToken: 'tw-token', accessTokenSecret: 'guessed' });
      expect([wrongSecret.statusCode, wrongSecret.json().code]).toEqual([401, 3102]);
    });

    it('runs the browser flow: authorization URL, callback page, single-use state', async () => {
      const asked = await f.api('POST', '/users/oauth/standin/request_url', {
        body: { fieldsMapping: {}, permissions: ['openid', 'write:notes'] },
      });
      expect(asked.statusCode).toBe(200);
      const url = new URL(asked.body);
      expect(url.origin + url.pathname).toBe(`${idp.origin}/authorize`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: 'client-id',
        scope: 'openid write:notes',
        redirect_uri: `${server.config.publicUrl}/${f.appId}/users/oauth2/standin/callback`,
      });
      const state = url.searchParams.get('state')!;
      idp.codes.set('code-1', { token: 'tok-cy' });
      idp.profiles.set('tok-cy', { sub: 'cy-3', email: 'cy@example.com', email_verified: true });

      const tampered = await server.call(
        'GET',
        `/${f.appId}/users/oauth2/standin/callback?code=code-1&state=${state}x`,
      );
      expect(tampered.headers['content-type']).toMatch(/text\/html/);
      expect(posted(tampered.body).fault).toMatch(/not valid/);

      const page = await server.call(
        'GET',
        `/${f.appId}/users/oauth2/standin/callback?code=code-1&state=${encodeURIComponent(state)}`,
      );
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
      const user = posted(page.body);
      expect(user).toMatchObject({ email: 'cy@example.com', 'user-token': expect.any(String) });
      expect(idp.tokenRequests.at(-1)?.get('redirect_uri')).toBe(
        `${server.config.publicUrl}/${f.appId}/users/oauth2/standin/callback`,
      );
      // The granted scope (none in the token answer = the one asked for) gave the bound role.
      expect((await f.api('GET', '/users/userroles', { token: String(user['user-token']) })).json()).toContain(
        'Editors',
      );

      const replay = await server.call(
        'GET',
        `/${f.appId}/users/oauth2/standin/callback?code=code-1&state=${encodeURIComponent(state)}`,
      );
      expect(posted(replay.body).fault).toMatch(/already used/);
    });

    it('runs the OAuth 1 browser flow with a request token', async () => {
      const asked = await f.api('POST', '/users/oauth/tw/request_url', { body: {} });
      expect(asked.statusCode).toBe(200);
      expect(new URL(asked.body).searchParams.get('oauth_token')).toBe('req-token');
      idp.oauth1Secrets.set('acc-token', 'acc-secret');
      idp.oauth1Profiles.set('acc-token', { id_str: '888', name: 'Flow Bird' });
      // The provider sends the browser to the oauth_callback it was given (our callback with the state).
      const back = new URL(idp.lastCallback!);
      expect(back.pathname).toBe(`/${f.appId}/users/oauth1/tw/callback`);
      const stateless = await server.call('GET', `${back.pathname}?oauth_token=req-token&oauth_verifier=v`);
      expect(posted(stateless.body).fault).toMatch(/not valid/);
      const page = await server.call('GET', `${back.pathname}${back.search}&oauth_token=req-token&oauth_verifier=v`);
      expect(posted(page.body)).toMatchObject({
        name: 'Flow Bird',
        socialAccount: 'tw',
        'user-token': expect.any(String),
      });
    });

    it('signs in with an Auth0 token: default role, scopes from the token, audience checked', async () => {
      const off = await f.api('POST', '/users/oauth2/auth0/login', { body: { accessToken: 'x' } });
      expect([off.statusCode, off.json().code]).toEqual([403, 3101]);
      expect(
        (
          await f.console('PUT', '/security/auth0/config', {
            enabled: true,
            domain: 'tenant.eu.auth0.com',
            clientId: 'a0',
            audience: 'https://api.example.com',
            defaultRole: 'Auth0Users',
          })
        ).statusCode,
      ).toBe(200);
      const token = fakeJwt({ sub: 'auth0|42', aud: ['https://api.example.com'], scope: 'openid write:notes' });
      idp.profiles.set(token, { sub: 'auth0|42', email: 'dee@example.com', email_verified: true, name: 'Dee' });
      const ok = await f.api('POST', '/users/oauth2/auth0/login', { body: { accessToken: token } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ email: 'dee@example.com', socialAccount: 'auth0' });
      const roles = (await f.api('GET', '/users/userroles', { token: ok.json()['user-token'] })).json();
      expect(roles).toEqual(expect.arrayContaining(['Auth0Users', 'Editors', 'SocialUser']));

      const other = fakeJwt({ sub: 'auth0|43', aud: 'https://other.example.com' });
      idp.profiles.set(other, { sub: 'auth0|43', email: 'x@example.com' });
      const wrongAud = await f.api('POST', '/users/oauth2/auth0/login', { body: { accessToken: other } });
      expect([wrongAud.statusCode, wrongAud.json().code]).toEqual([401, 3102]);
      const rejected = await f.api('POST', '/users/oauth2/auth0/login', { body: { accessToken: 'not-issued' } });
      expect([rejected.statusCode, rejected.json().code]).toEqual([401, 3102]);
    });

    it('works through the published backendless SDK: loginWithOauth2, then data calls', async () => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const sdk = Backendless.initApp({
        serverURL: origin,
        appId: f.appId,
        apiKey: f.keys.JS,
        standalone: true,
      } as never) as unknown as typeof Backendless & { UserService: { getCurrentUserToken(): string | null } };
      idp.profiles.set('tok-sdk', { sub: 'sdk-5', email: 'sdk@example.com', email_verified: true, name: 'Sdk' });
      const user = (await sdk.UserService.loginWithOauth2(
        'StandIn',
        'tok-sdk',
        undefined,
        {},
        false,
      )) as unknown as Rec;
      expect(user).toMatchObject({ email: 'sdk@example.com' });
      expect(sdk.UserService.getCurrentUserToken()).toBe(user['user-token']);
      const me = (await sdk.Data.of('Users').findById(String(user.objectId))) as Rec;
      expect(me.name).toBe('Sdk');
      expect(await sdk.UserService.getUserRoles()).toEqual(expect.arrayContaining(['SocialUser', 'AuthenticatedUser']));
      const err = await sdk.UserService.loginWithOauth2('standin', 'forged').then(
        () => undefined,
        (e: { code?: number }) => e,
      );
      expect(err?.code).toBe(3102);
    });

    it("serves the SDK's older provider paths: loginWithFacebookSdk and loginWithGooglePlusSdk sign in through the app's facebook and google providers", async () => {
      for (const code of ['facebook', 'google']) {
        const made = await f.console('POST', '/users/oauth2', {
          code,
          name: code,
          clientId: 'client-id',
          clientSecret: 'client-secret',
          scope: ['email'],
          authorizationUrl: `${idp.origin}/authorize`,
          tokenUrl: `${idp.origin}/token`,
          userInfoUrl: `${idp.origin}/userinfo`,
          fieldsMapping: { email: 'email', name: 'name' },
        });
        expect(made.statusCode, made.body).toBe(200);
      }
      await server.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
      const address = server.app.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const sdk = Backendless.initApp({
        serverURL: origin,
        appId: f.appId,
        apiKey: f.keys.JS,
        standalone: true,
      } as never) as unknown as typeof Backendless;
      idp.profiles.set('tok-fb', { sub: 'fb-1', email: 'fb@example.com', email_verified: true, name: 'Fb' });
      idp.profiles.set('tok-gp', { sub: 'gp-1', email: 'gp@example.com', email_verified: true, name: 'Gp' });
      const fb = (await sdk.UserService.loginWithFacebookSdk('tok-fb', {}, false)) as unknown as Rec;
      expect(fb).toMatchObject({
        email: 'fb@example.com',
        socialAccount: 'facebook',
        'user-token': expect.any(String),
      });
      const gp = (await sdk.UserService.loginWithGooglePlusSdk('tok-gp', {}, false)) as unknown as Rec;
      expect(gp).toMatchObject({ email: 'gp@example.com', socialAccount: 'google' });
      const url = await f.api('POST', '/users/social/oauth/facebook/request_url', {
        body: { fieldsMapping: {}, permissions: [] },
      });
      expect(url.statusCode, url.body).toBe(200);
      expect(url.body).toContain(`${idp.origin}/authorize`);
    });
  });
}

/**
 * Provider URLs are typed by teammates, so the server calls them under the rules of every
 * server-side request: without BASALT_REMOTE_FETCH_PRIVATE a provider on a private address is
 * refused before anything is sent (the stand-in sees no request) and the caller gets 502, 3103.
 */
describe('OAuth providers on private addresses', () => {
  let server: TestServer;
  let idp: StandIn;
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  it('are not called unless private addresses are allowed', async () => {
    idp = await startStandIn();
    server = await startTestServer(testDbKinds()[0]);
    const f = await appFixture(server);
    const created = await f.console('POST', '/users/oauth2', {
      code: 'inside',
      name: 'Inside',
      clientId: 'client-id',
      clientSecret: 'client-secret',
      authorizationUrl: `${idp.origin}/authorize`,
      tokenUrl: `${idp.origin}/token`,
      userInfoUrl: `${idp.origin}/userinfo`,
    });
    expect(created.statusCode).toBe(200);
    idp.profiles.set('tok-x', { sub: 'x-1', email: 'x@example.com', email_verified: true });
    const res = await f.api('POST', '/users/social/inside/login', { body: { accessToken: 'tok-x' } });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      502,
      3103,
      'The provider address is not reachable from the server',
    ]);
    expect(idp.requests).toEqual([]);
  });
});

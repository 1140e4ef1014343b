import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, registerDeveloper, type TestDeveloper, type TestServer } from '../../test-helpers.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A developer with one fresh app, its API keys, and shortcuts for console and app API calls. */
export interface AppFixture {
  dev: TestDeveloper;
  appId: string;
  /** API key per device type (JS, REST, ANDROID, IOS, BL ...). */
  keys: Record<string, string>;
  /** A console call (`/{appId}/console…`) as the developer. */
  console(method: Method, path: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** An app API call (`/{appId}/{key}…`); `token` goes into `user-token`. */
  api(
    method: Method,
    path: string,
    opts?: { body?: unknown; token?: string; key?: string },
  ): Promise<LightMyRequestResponse>;
  /** Registers and logs in an app user; answers its objectId and token. */
  user(email?: string, password?: string): Promise<{ objectId: string; token: string; email: string }>;
  /** A role id by name. */
  roleId(name: string): Promise<string>;
  /** Creates a table with columns through the console. */
  table(name: string, columns?: Array<{ name: string; dataType: string }>): Promise<{ tableId: string }>;
}

let seq = 0;

export async function appFixture(server: TestServer): Promise<AppFixture> {
  const dev = await registerDeveloper(server);
  const appId = await createTestApp(server, dev.authKey);
  const rows = await server.app.basalt.dbs.system
    .selectFrom('api_keys')
    .select(['api_key', 'device_type'])
    .where('app_id', '=', appId)
    .execute();
  const keys = Object.fromEntries(rows.map((r) => [r.device_type, r.api_key]));
  const consoleCall: AppFixture['console'] = (method, path, body) =>
    server.call(method, `/${appId}/console${path}`, { authKey: dev.authKey, ...(body !== undefined ? { body } : {}) });
  const api: AppFixture['api'] = (method, path, opts = {}) =>
    server.call(method, `/${appId}/${opts.key ?? keys.REST}${path}`, {
      ...(opts.body !== undefined ? { body: opts.body } : {}),
      headers: opts.token ? { 'user-token': opts.token } : {},
    });
  const ok = async (res: LightMyRequestResponse) => {
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  return {
    dev,
    appId,
    keys,
    console: consoleCall,
    api,
    async user(email = `user${Date.now()}${seq++}@example.com`, password = 'secret pass 1') {
      await ok(await api('POST', '/users/register', { body: { email, password } }));
      const login = await ok(await api('POST', '/users/login', { body: { login: email, password } }));
      return { objectId: login.objectId, token: login['user-token'], email };
    },
    async roleId(name) {
      const roles = await ok(await consoleCall('GET', '/security/roles'));
      const role = roles.find((r: { rolename: string }) => r.rolename === name);
      if (!role) throw new Error(`no role ${name}`);
      return role.roleId;
    },
    async table(name, columns = []) {
      await ok(await consoleCall('POST', '/data/tables', { name }));
      for (const c of columns) await ok(await consoleCall('POST', `/data/tables/${name}/columns`, c));
      const { tables } = await ok(await consoleCall('GET', '/data/tables'));
      return tables.find((t: { name: string }) => t.name === name);
    },
  };
}

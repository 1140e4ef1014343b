import { createRequire } from 'node:module';
import Backendless from 'backendless';
import type { TestServer } from '../../../test-helpers.js';
import { listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
/** The 2.57.2 reference client: the last published one with the `automation` group. */
const createReferenceClient: (url: string, authKey?: string) => any =
  require('backendless-console-sdk-2.57.2').createClient;

export interface FlowsFixture {
  f: AppFixture;
  origin: string;
  /** The reference client, signed in as the app's owner. */
  ref: any;
}

/** An app with an `Order(total INT, status STRING)` table, a listening server and the 2.57.2 client. */
export async function flowsFixture(server: TestServer, origin?: string): Promise<FlowsFixture> {
  const url = origin ?? (await listenForClients(server));
  const f = await appFixture(server);
  await f.table('Order', [
    { name: 'total', dataType: 'INT' },
    { name: 'status', dataType: 'STRING' },
  ]);
  return { f, origin: url, ref: createReferenceClient(url, f.dev.authKey) };
}

/** The Order flow of issue 19: data trigger on Order created → condition → status big / small. */
export function orderFlow(name = 'Order sizes') {
  return {
    name,
    description: 'Marks orders over 100 as big',
    elements: [
      { id: 'start', name: 'New order', type: 'trigger.data', config: { table: 'Order', events: ['created'] } },
      {
        id: 'check',
        name: 'Is big',
        type: 'control.condition',
        config: { left: '{{ $trigger.total }}', operator: '>', right: 100 },
      },
      {
        id: 'big',
        name: 'Mark big',
        type: 'action.updateRecord',
        config: { table: 'Order', objectId: '{{ $trigger.objectId }}', changes: { status: 'big' } },
      },
      {
        id: 'small',
        name: 'Mark small',
        type: 'action.updateRecord',
        config: { table: 'Order', objectId: '{{ $trigger.objectId }}', changes: { status: 'small' } },
      },
    ],
    transitions: [
      { from: 'start', to: 'check', port: 'out' },
      { from: 'check', to: 'big', port: 'yes' },
      { from: 'check', to: 'small', port: 'no' },
    ],
  };
}

/** Re-reads `read` every 100 ms until `done` holds (10 s at most); answers the last value. */
export async function poll<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The published `backendless` SDK pointed at the fixture's app with its JS key (a fresh standalone instance). */
export function appSdk(x: FlowsFixture): any {
  return Backendless.initApp({ serverURL: x.origin, appId: x.f.appId, apiKey: x.f.keys.JS, standalone: true } as never);
}

/**
 * JSON calls to a server running as a child process (the crash tests restart it, so its origin is
 * read at each call), and a developer signed up there with one app and its REST key.
 */
export async function signUpOnProcess(origin: () => string, appName: string, password: string) {
  const json = async (res: Response) => {
    if (!res.ok) throw new Error(`answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const post = (url: string, body: unknown, authKey?: string) =>
    fetch(`${origin()}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authKey ? { 'auth-key': authKey } : {}) },
      body: JSON.stringify(body),
    });
  const email = `${appName.toLowerCase()}${Date.now()}@example.com`;
  await json(await post('/console/devreg', { email, password, name: 'Ops' }));
  const login = await post('/console/home/login', { login: email, password });
  const authKey = String(login.headers.get('auth-key'));
  const app = await json(await post('/console/applications', { appName }, authKey));
  const key = (app.apiKeys as Array<{ deviceType: string; apiKey: string }>).find(
    (k) => k.deviceType === 'REST',
  )!.apiKey;
  return { json, post, authKey, app, key };
}

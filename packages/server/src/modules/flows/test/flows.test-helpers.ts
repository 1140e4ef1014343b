import { createRequire } from 'node:module';
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

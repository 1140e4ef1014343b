import { describe, expect, it } from 'vitest';
import {
  keyFor,
  SubscriptionRegistry,
  type RecordLookup,
  type SubscriberAccess,
  type Subscription,
  type TableView,
} from './subscriptions.js';

/** A view that lets its user see only records it owns, with `secret` hidden. */
const OWN: TableView = {
  all: false,
  visible: (r) => r.ownerId === 'me',
  needsOwner: true,
  hidden: new Set(['secret']),
};

function subscriber(access: SubscriberAccess, event = 'updated') {
  const received: unknown[] = [];
  const sub: Subscription = {
    id: 'sub1',
    appId: 'app',
    name: 'OBJECTS_CHANGES',
    table: 'T',
    access,
    key: keyFor.table('app', 'T', event),
    socket: { id: 'sock1', emit: (_e, payload) => received.push(payload.data) },
  };
  return { sub, received };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe('subscription registry: events scoped by the subscriber view', () => {
  it("keeps the order of a subscription's events while its view is still being worked out", async () => {
    let known: TableView | undefined = undefined;
    let release!: (v: TableView) => void;
    const pending = new Promise<TableView>((r) => (release = r));
    const registry = new SubscriptionRegistry();
    const { sub, received } = subscriber({ now: () => known, load: () => pending });
    registry.add(sub);
    const data = (objectId: string, ownerId: string) =>
      registry.deliver({
        kind: 'data',
        appId: 'app',
        table: 'T',
        event: 'updated',
        record: { objectId, ownerId, secret: 's' },
      });

    data('a', 'me');
    // Known from here on, but this event must still wait behind the first.
    known = OWN;
    data('b', 'other');
    data('c', 'me');
    expect(received).toEqual([]);
    release(OWN);
    await settle();
    expect(received).toEqual([
      { objectId: 'a', ownerId: 'me' },
      { objectId: 'c', ownerId: 'me' },
    ]);
    data('d', 'me');
    expect(received).toHaveLength(3);
  });

  it('reads the owners an event leaves out, once per table for events told together', async () => {
    const asked: string[][] = [];
    const lookup: RecordLookup = {
      owners: async (_app, _table, ids) => {
        asked.push(ids);
        return new Map(ids.map((id) => [id, id.startsWith('m') ? 'me' : 'other']));
      },
      relatedTable: async () => 'T',
    };
    const registry = new SubscriptionRegistry(lookup);
    const { sub, received } = subscriber({ now: () => OWN, load: async () => OWN });
    registry.add(sub);
    for (const objectId of ['m1', 'o1', 'm2'])
      registry.deliver({ kind: 'data', appId: 'app', table: 'T', event: 'updated', record: { objectId } });
    await settle();
    expect(asked).toEqual([['m1', 'o1', 'm2']]);
    expect(received).toEqual([{ objectId: 'm1' }, { objectId: 'm2' }]);
  });

  it('sends nothing when a decision fails, or once the subscription is gone', async () => {
    const failures: unknown[] = [];
    const registry = new SubscriptionRegistry(undefined, (err) => failures.push(err));
    const broken = subscriber({
      now: () => undefined,
      load: async () => {
        throw new Error('store down');
      },
    });
    registry.add(broken.sub);
    registry.deliver({
      kind: 'data',
      appId: 'app',
      table: 'T',
      event: 'updated',
      record: { objectId: 'a', ownerId: 'me' },
    });
    await settle();
    expect(broken.received).toEqual([]);
    expect(failures).toHaveLength(1);

    let release!: (v: TableView) => void;
    const pending = new Promise<TableView>((r) => (release = r));
    const leaving = subscriber({ now: () => undefined, load: () => pending });
    registry.add(leaving.sub);
    registry.deliver({
      kind: 'data',
      appId: 'app',
      table: 'T',
      event: 'updated',
      record: { objectId: 'a', ownerId: 'me' },
    });
    registry.remove('sock1', 'sub1');
    release(OWN);
    await settle();
    expect(leaving.received).toEqual([]);
  });
});

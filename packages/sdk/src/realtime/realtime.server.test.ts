/**
 * `connectRealtime` against the real server on both databases: messages published through the
 * console API and record changes arrive through the wrapper, refusals reject, and the wrapper
 * comes back by itself when the server restarts on the same port.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedMessage } from '@basalt/shared';
import { startTestServer, testDbKinds, type TestServer } from '../../../server/src/test-helpers.js';
import { newSession } from '../server-session.test-helpers.js';
import type { BasaltClient } from '../client.js';
import { connectRealtime, type DataChange, type RealtimeConnection, type RealtimeOptions } from './connect.js';
import { until } from './fake-server.test-helpers.js';

for (const kind of testDbKinds()) {
  describe(`connectRealtime against the server [${kind}]`, () => {
    let server: TestServer;
    let url: string;
    let client: BasaltClient;
    let appId: string;
    let apiKey: string;
    const connections: RealtimeConnection[] = [];
    const keptDirs: string[] = [];
    const connect = (options: Partial<RealtimeOptions> = {}) => {
      const rt = connectRealtime({
        serverUrl: url,
        appId,
        apiKey,
        reconnectDelay: 100,
        reconnectDelayMax: 500,
        timeout: 5000,
        ...options,
      });
      connections.push(rt);
      return rt;
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
      const session = await newSession(server, url);
      ({ client, appId } = session);
      apiKey = session.apiKeys.JS;
    });
    afterAll(async () => {
      for (const rt of connections) rt.close();
      await server?.close();
      for (const dir of keptDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('delivers messages published through the console API, with a header selector', async () => {
      const rt = connect();
      const all: PublishedMessage[] = [];
      const paris: PublishedMessage[] = [];
      const stop = await rt.subscribe('default', (m) => all.push(m));
      await rt.subscribe('default', (m) => paris.push(m), { selector: "city = 'Paris'" });
      await client.messaging.publishMessage(appId, 'default', {
        message: 'to Rome',
        publisherId: 'console',
        headers: { city: 'Rome' },
      });
      await client.messaging.publishMessage(appId, 'default', { message: 'to Paris', headers: { city: 'Paris' } });
      await until(() => all.length === 2 && paris.length === 1, 5000, 'both messages');
      expect(all.map((m) => m.message)).toEqual(['to Rome', 'to Paris']);
      expect(all[0]).toMatchObject({
        publisherId: 'console',
        headers: { city: 'Rome' },
        messageId: expect.any(String),
        timestamp: expect.any(Number),
      });
      expect(paris.map((m) => m.message)).toEqual(['to Paris']);

      stop();
      await new Promise((r) => setTimeout(r, 100));
      await client.messaging.publishMessage(appId, 'default', { message: 'after', headers: { city: 'Paris' } });
      await until(() => paris.length === 2, 5000, 'the message after unsubscribing one');
      expect(all).toHaveLength(2);
    });

    it('delivers record changes made through the console, filtered by the where clause', async () => {
      const rt = connect();
      const person = await client.tables.create(appId, { name: 'Person' });
      await client.tables.createColumn(appId, person, { name: 'age', dataType: 'INT' });
      const older: DataChange[] = [];
      const every: DataChange[] = [];
      await rt.onDataChange('Person', (c) => older.push(c), 'age > 30', ['created']);
      await rt.onDataChange('Person', (c) => every.push(c));
      await client.tables.createRecord(appId, person, { age: 20 });
      const old = await client.tables.createRecord(appId, person, { age: 40 });
      await client.tables.deleteRecords(appId, person, [String(old.objectId)]);
      await until(() => every.length === 3, 5000, 'three changes');
      expect(every.map((c) => [c.event, c.table])).toEqual([
        ['created', 'Person'],
        ['created', 'Person'],
        ['deleted', 'Person'],
      ]);
      expect(every[2].record).toMatchObject({ objectId: old.objectId });
      expect(older.map((c) => c.record.age)).toEqual([40]);
    });

    it('rejects a name no channel may have and a wrong API key', async () => {
      await expect(connect().subscribe('no where', () => undefined)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(connect({ apiKey: 'WRONG' }).subscribe('default', () => undefined)).rejects.toMatchObject({
        code: 'CONNECT',
      });
    });

    it('reconnects and re-subscribes after the server restarts on the same port', async () => {
      const statuses: string[] = [];
      const rt = connect({ onStatus: (s) => statuses.push(s) });
      const got: PublishedMessage[] = [];
      await rt.subscribe('default', (m) => got.push(m));
      const { port } = server.app.server.address() as AddressInfo;
      const { dataDir, pgSchemaPrefix } = server.config;

      // Stop the process's server but keep its data, then start a new one on the same data and port.
      await server.app.close();
      await until(() => statuses.includes('disconnected'), 5000, 'the drop');
      // The first server's data directory outlives it; the suite removes it at the end.
      keptDirs.push(dataDir);
      server = await startTestServer(kind, { dataDir, pgSchemaPrefix });
      await server.app.listen({ port, host: '127.0.0.1' });
      await until(() => statuses.filter((s) => s === 'connected').length === 2, 10000, 'the reconnect');

      // The channel join goes first after a reconnect and the message subscription follows its
      // answer, so publish until the re-subscribed handler hears one.
      const deadline = Date.now() + 5000;
      for (let n = 0; !got.some((m) => m.message === 'after restart'); n++) {
        if (Date.now() > deadline) throw new Error('no message after the restart');
        await client.messaging.publishMessage(appId, 'default', { message: 'after restart', headers: { n } });
        await new Promise((r) => setTimeout(r, 150));
      }
      expect(rt.connected).toBe(true);
      expect(statuses).toEqual(['connecting', 'connected', 'disconnected', 'connected']);
    });
  });
}

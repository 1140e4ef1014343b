import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDbKinds, type TestServer, listenForClients } from '../test-helpers.js';

// The published reference client, unchanged, on the methods that post-process our answers
// (security) or send bare string bodies without a content type (files, sessions): if an answer's
// shape or a body's parsing drifts, these calls throw or fail.
const require = createRequire(import.meta.url);
const createClient: (serverUrl: string, authKey?: string) => any = require('backendless-console-sdk').createClient;

for (const kind of testDbKinds()) {
  describe(`published backendless-console-sdk@3.0.0: answer shapes and bare bodies [${kind}]`, () => {
    let server: TestServer;
    let url: string;
    let client: any;
    let appId: string;
    let restKey: string;
    let tableId: string;
    let auditors: string;

    /** An app API call with the REST key (JSON body, optional user token). */
    const api = async (method: string, path: string, body?: unknown, token?: string) => {
      const res = await fetch(`${url}/${appId}/${restKey}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { 'user-token': token } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : undefined };
    };

    /** Registers and signs in an app user. */
    const appUser = async (email: string) => {
      expect((await api('POST', '/users/register', { email, password: 'user password 1' })).status).toBe(200);
      const login = await api('POST', '/users/login', { login: email, password: 'user password 1' });
      expect(login.status).toBe(200);
      return { objectId: login.json.objectId as string, token: login.json['user-token'] as string, email };
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      url = await listenForClients(server);

      client = createClient(url);
      const email = `answers${Date.now()}@example.com`;
      await client.user.register({ email, password: 'reference password 1' });
      await client.user.login(email, 'reference password 1');
      appId = (await client.apps.createApp({ appName: 'RefAnswers' })).id;
      const keys = await server.app.basalt.dbs.system
        .selectFrom('api_keys')
        .select(['api_key', 'device_type'])
        .where('app_id', '=', appId)
        .execute();
      restKey = keys.find((k) => k.device_type === 'REST')!.api_key;

      await client.tables.create(appId, { name: 'Person' });
      const table = (await client.tables.get(appId)).tables.find((t: { name: string }) => t.name === 'Person');
      await client.tables.createColumn(appId, table, { name: 'name', dataType: 'STRING' });
      tableId = table.tableId;
      auditors = (await client.security.createRole(appId, 'Auditors')).id;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('setPermission of a role resolves as {roleId: {operation: access}}, and the DENY on Create holds on the app API', async () => {
      const changed = await client.security.setPermission(appId, 'roles', auditors, 'data', tableId, 'Person', 'all', {
        operation: 'Create',
        access: 'DENY',
      });
      expect(changed).toEqual({ [auditors]: { Create: 'DENY' } });

      const listed = await client.security.loadPermissions(appId, 'roles', 'data', tableId, 'Person', 'all');
      const row = listed.data.find((r: { id: string }) => r.id === auditors);
      expect(row).toMatchObject({ id: auditors, name: 'Auditors', permissions: { Create: 'DENY' } });

      const ann = await appUser(`ann${Date.now()}@example.com`);
      const bob = await appUser(`bob${Date.now()}@example.com`);
      await client.tables.updateAssignedUserRoles(appId, [{ roleId: auditors, status: 'ALL' }], [ann.objectId]);

      const refused = await api('PUT', '/data/Person', { name: 'by ann' }, ann.token);
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe(1011);
      // The same call by a user without the role goes through: the role's rule refused it.
      expect((await api('PUT', '/data/Person', { name: 'by bob' }, bob.token)).status).toBe(200);

      const dropped = await client.security.dropPermissions(
        appId,
        'roles',
        auditors,
        'data',
        tableId,
        'Person',
        'all',
        'Create',
      );
      expect(dropped).toEqual({ [auditors]: {} });
      expect((await api('PUT', '/data/Person', { name: 'by ann again' }, ann.token)).status).toBe(200);
    });

    it("a record's ACL by roles: set, list and drop resolve in the client's shapes", async () => {
      const record = await api('PUT', '/data/Person', { name: 'acl target' });
      const objectId = record.json.objectId as string;

      expect(
        await client.security.setPermission(appId, 'roles', auditors, 'data', tableId, 'Person', objectId, {
          operation: 'Find',
          access: 'DENY',
        }),
      ).toEqual({ [auditors]: { Find: 'DENY' } });
      expect(
        await client.security.setPermission(appId, 'roles', auditors, 'data', tableId, 'Person', objectId, {
          operation: 'Update',
          access: 'GRANT',
        }),
      ).toEqual({ [auditors]: { Find: 'DENY', Update: 'GRANT' } });

      const listed = await client.security.loadPermissions(appId, 'roles', 'data', tableId, 'Person', objectId);
      expect(listed.data.find((r: { id: string }) => r.id === auditors)).toMatchObject({
        name: 'Auditors',
        permissions: { Find: 'DENY', Update: 'GRANT' },
      });
      // Every role is listed, sorted by name, each with a permission map.
      const names = listed.data.map((r: { name: string }) => r.name);
      expect(names).toEqual([...names].sort());
      for (const r of listed.data) expect(typeof r.permissions).toBe('object');

      expect(
        await client.security.dropPermissions(appId, 'roles', auditors, 'data', tableId, 'Person', objectId, 'Find'),
      ).toEqual({ [auditors]: { Update: 'GRANT' } });
      expect(
        await client.security.dropPermissions(appId, 'roles', auditors, 'data', tableId, 'Person', objectId, 'Update'),
      ).toEqual({});
    });

    it("a record's ACL by users: set, search and drop", async () => {
      const record = await api('PUT', '/data/Person', { name: 'user acl target' });
      const objectId = record.json.objectId as string;
      const cid = await appUser(`cid${Date.now()}@example.com`);

      expect(
        await client.security.setPermission(appId, 'users', cid.objectId, 'data', tableId, 'Person', objectId, {
          operation: 'Find',
          access: 'GRANT',
        }),
      ).toEqual({ [cid.objectId]: { Find: 'GRANT' } });
      const found = await client.security.searchDataACLUsers(appId, 'Person', objectId, 'cid');
      expect(found.data).toEqual([
        expect.objectContaining({ id: cid.objectId, name: cid.email, permissions: { Find: 'GRANT' } }),
      ]);
      // A table's rules by user: the list, then the total from the Users table's count (as the client asks it).
      expect(
        await client.security.setPermission(appId, 'users', cid.objectId, 'data', tableId, 'Person', 'all', {
          operation: 'Update',
          access: 'DENY',
        }),
      ).toEqual({ [cid.objectId]: { Update: 'DENY' } });
      const byUser = await client.security.loadPermissions(
        appId,
        'users',
        'data',
        tableId,
        'Person',
        'all',
        { identity: 'cid' },
        'email',
      );
      expect(byUser).toEqual({
        data: [expect.objectContaining({ id: cid.objectId, name: cid.email, permissions: { Update: 'DENY' } })],
        totalRows: 1,
      });
      expect(
        await client.security.dropPermissions(
          appId,
          'users',
          cid.objectId,
          'data',
          tableId,
          'Person',
          objectId,
          'Find',
        ),
      ).toEqual({ [cid.objectId]: {} });
      expect((await client.security.searchDataACLUsers(appId, 'Person', objectId, 'cid')).data[0].permissions).toEqual(
        {},
      );
    });

    it('file permissions by roles (a nested path): set, list and drop', async () => {
      const path = 'docs/reports/q1.txt';
      expect(
        await client.security.setPermission(appId, 'roles', auditors, 'files', path, undefined, 'all', {
          operation: 'Read',
          access: 'DENY',
        }),
      ).toEqual({ [auditors]: { Read: 'DENY' } });
      const listed = await client.security.loadPermissions(appId, 'roles', 'files', path, undefined, 'all');
      expect(listed.data.find((r: { id: string }) => r.id === auditors)).toMatchObject({
        name: 'Auditors',
        permissions: { Read: 'DENY' },
      });
      expect(
        await client.security.dropPermissions(appId, 'roles', auditors, 'files', path, undefined, 'all', 'Read'),
      ).toEqual({ [auditors]: {} });
      const after = await client.security.loadPermissions(appId, 'roles', 'files', path, undefined, 'all');
      expect(after.data.find((r: { id: string }) => r.id === auditors).permissions).toEqual({});
    });

    it('owner policy and column permissions resolve too', async () => {
      await client.security.setPermission(appId, 'owner', 'owner', 'data', tableId, 'Person', 'all', {
        operation: 'Update',
        access: 'GRANT',
      });
      const owner = await client.security.loadPermissions(appId, 'owner', 'data', tableId, 'Person', 'all');
      expect(owner.data).toEqual([expect.objectContaining({ id: 'owner', permissions: { Update: 'GRANT' } })]);
      expect(
        await client.security.dropPermissions(appId, 'owner', 'owner', 'data', tableId, 'Person', 'all', 'Update'),
      ).toEqual({ owner: { Update: 'INHERIT' } });

      const columns = await client.security.setPermission(
        appId,
        'columns',
        auditors,
        'data',
        tableId,
        'Person',
        'all',
        { operation: 'Find', access: 'DENY', columnId: 'name' },
      );
      expect(columns).toEqual([expect.objectContaining({ column: 'name', operation: 'Find', access: 'DENY' })]);
      const listed = await client.security.loadPermissions(appId, 'columns', 'data', tableId, 'Person', 'all');
      expect(listed.data.find((r: { id: string }) => r.id === auditors).permissions).toEqual({
        [columns[0].columnId]: 'DENY',
      });
    });

    it('renameFile, copyFile and moveFile (bare string bodies) succeed', async () => {
      await client.files.createConsoleFile(appId, 'inbox/a.txt', 'hello');
      await client.files.renameFile(appId, 'inbox/a.txt', 'b.txt');
      await client.files.copyFile(appId, 'inbox/b.txt', 'inbox/c.txt');
      await client.files.moveFile(appId, 'inbox/c.txt', 'archive/c.txt');
      const names = async (folder: string) =>
        (await client.files.loadDirectory(appId, folder)).data.map((e: { name: string }) => e.name).sort();
      expect(await names('inbox')).toEqual(['b.txt']);
      expect(await names('archive')).toEqual(['c.txt']);
      expect(await client.files.getFileContent(appId, 'archive/c.txt')).toBe('hello');
    });

    it('logoutUserSessions (a bare user id) ends the sessions', async () => {
      const dan = await appUser(`dan${Date.now()}@example.com`);
      expect(await client.security.logoutUserSessions(appId, dan.objectId)).toBeGreaterThanOrEqual(1);
      expect((await api('GET', `/users/isvalidusertoken/${dan.token}`)).json).toBe(false);
    });

    it('inviteDeveloper (a bare email) invites', async () => {
      const email = `newcomer${Date.now()}@example.com`;
      await client.devTeam.inviteDeveloper(appId, email);
      expect(JSON.stringify(await client.devTeam.getDevelopers(appId))).toContain(email);
    });

    it('the other answers the client reshapes resolve: counters, cache, tables, columns, records, folders, channels, views', async () => {
      expect(await client.counters.create(appId, 'visits', 5)).toMatchObject({ name: 'visits', objectId: 'visits' });

      await client.cache.update(appId, { key: 'greeting', value: { text: 'hi' } });
      const cached = await client.cache.get(appId, { pageSize: 10, offset: 0 });
      expect(cached.totalRows).toBe(1);
      expect(cached.data).toEqual([
        expect.objectContaining({ key: 'greeting', objectId: 'greeting', value: JSON.stringify({ text: 'hi' }) }),
      ]);

      const made = await client.tables.create(appId, { name: 'Shape' });
      expect(made).toMatchObject({ name: 'Shape', relations: [], geoRelations: [] });
      const renamed = await client.tables.update(appId, made, { name: 'Shapes' });
      expect(renamed).toMatchObject({ name: 'Shapes', relations: [], geoRelations: [] });
      const column = await client.tables.createColumn(appId, renamed, { name: 'size', dataType: 'INT' });
      expect(column).toMatchObject({ name: 'size', dataType: 'INT' });
      const changed = await client.tables.updateColumn(appId, renamed, column, { ...column, name: 'area' });
      expect(changed).toMatchObject({ name: 'area', dataType: 'INT' });
      await client.tables.createRecord(appId, renamed, { area: 3 });
      expect(await client.tables.loadRecords(appId, renamed, { pageSize: 10 })).toMatchObject({
        totalRows: 1,
        data: [expect.objectContaining({ area: 3 })],
      });
      expect(await client.tables.getRecordsCount(appId, renamed, {})).toBe(1);

      await client.files.createConsoleFile(appId, 'shelf/a.txt', 'a');
      expect(await client.files.loadDirectory(appId, 'shelf')).toMatchObject({
        totalRows: 1,
        data: [expect.objectContaining({ name: 'a.txt' })],
      });
      expect(await client.files.loadFullDirectory(appId, 'shelf')).toEqual([
        expect.objectContaining({ name: 'a.txt' }),
      ]);

      const channel = await client.messaging.createChannel(appId, 'news');
      const channelId = channel.channelid ?? channel.channelId ?? channel.id;
      expect(await client.messaging.loadDevices(appId, channelId)).toMatchObject({ totalRows: 0, data: [] });
      await client.messaging.publishMessage(appId, 'news', { message: 'hello' });
      expect((await client.messaging.loadMessages(appId, channelId)).totalRows).toEqual(expect.any(Number));
    });

    it('a body without a content type is still refused on routes that do not take one', async () => {
      const res = await fetch(`${url}/${appId}/console/data/tables`, {
        method: 'POST',
        headers: { 'auth-key': client.request.context.authKey },
        body: new Uint8Array(Buffer.from('name=x')),
      });
      expect(res.status).toBe(415);
    });
  });
}

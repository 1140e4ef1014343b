import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { MCP_MASK } from '@basalt/shared';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { deploy } from '../cloudcode/test/cloudcode.test-helpers.js';
import { callMcpTool } from './index.js';

const greeter = `class Greeter {
  /**
   * Says hello.
   * @param {string} name who to greet
   */
  hello(name) { return 'Hello, ' + name; }
}
Backendless.ServerCode.addService(Greeter);
`;

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

type Rec = Record<string, any>;

/** A real MCP client (the SDK's) connected to a hosted server with a bearer token. */
async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  return client;
}

const textOf = (r: Rec) => (r.content as Array<{ text: string }>)[0]!.text;
const rowsOf = (r: Rec) => JSON.parse(textOf(r)) as Rec[];

/** A raw JSON-RPC POST, to see the HTTP status a client gets. */
const post = (url: string, token: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });

describeEachDb(
  'MCP: hosted servers and clients',
  (server) => {
    let f: AppFixture;
    let reference: any;
    let sdk: ReturnType<typeof createBasaltClient>;
    let hidden: string;
    let created: Rec;

    beforeAll(async () => {
      f = await appFixture(server());
      const base = await listenForClients(server());
      reference = createReferenceClient(base, f.dev.authKey);
      sdk = createBasaltClient(base, f.dev.authKey);
      const note = await f.table('Note', [
        { name: 'title', dataType: 'STRING' },
        { name: 'secret', dataType: 'STRING' },
        { name: 'stars', dataType: 'INT' },
      ]);
      const salary = await f.table('Salary', [{ name: 'amount', dataType: 'INT' }]);
      const ids: string[] = [];
      for (const [title, stars] of [
        ['alpha', 1],
        ['beta', 2],
        ['gamma', 3],
      ] as const) {
        const res = await f.api('PUT', '/data/Note', { body: { title, secret: `s-${title}`, stars } });
        expect(res.statusCode, res.body).toBe(200);
        ids.push(res.json().objectId);
      }
      expect((await f.api('PUT', '/data/Salary', { body: { amount: 100 } })).statusCode).toBe(200);
      expect((await f.console('PUT', '/security/roles/McpReader')).statusCode).toBe(200);
      const role = await f.roleId('McpReader');
      // The role may not read Salary at all, nor Note's secret column, nor the record 'gamma'.
      const deny = await f.console('PUT', `/security/data/${salary.tableId}/roles/${role}`, {
        permissions: [{ operation: 'Find', access: 'DENY' }],
      });
      expect(deny.statusCode, deny.body).toBe(200);
      const column = await f.console('PUT', `/security/data/${note.tableId}/columns/permissions/Find/${role}`, {
        column: 'secret',
        access: 'DENY',
      });
      expect(column.statusCode, column.body).toBe(200);
      hidden = ids[2]!;
      const acl = await f.api('PUT', `/data/Note/permissions/DENY/${hidden}`, {
        key: f.keys.BL,
        body: { permission: 'FIND', role: 'McpReader' },
      });
      expect(acl.statusCode, acl.body).toBe(200);

      created = await reference.hostingMcpServices.createHostingMcpServer(f.appId, {
        name: 'assistant',
        role: 'McpReader',
      });
    });

    it('create answers the URL and the token once; the token is stored hashed', async () => {
      expect(created).toMatchObject({ name: 'assistant', role: 'McpReader', status: 'RUNNING' });
      expect(created.url).toMatch(new RegExp(`/api/app/${f.appId}/mcp/assistant$`));
      expect(created.token).toMatch(/^bmcp_/);
      expect(created.tokenHint).toBe(created.token.slice(-4));
      const listed = await reference.hostingMcpServices.getHostingMcpServers(f.appId);
      expect(listed).toHaveLength(1);
      expect(listed[0]).not.toHaveProperty('token');
      const row = await server()
        .app.basalt.dbs.system.selectFrom('mcp_servers' as any)
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(created.token);
      await expect(
        reference.hostingMcpServices.createHostingMcpServer(f.appId, { name: 'other', role: 'NoSuchRole' }),
      ).rejects.toMatchObject({ status: 400 });
      await expect(
        reference.hostingMcpServices.createHostingMcpServer(f.appId, { name: 'assistant', role: 'McpReader' }),
      ).rejects.toMatchObject({ status: 409 });
      await expect(
        reference.hostingMcpServices.createHostingMcpServer(f.appId, { name: 'bad/name', role: 'McpReader' }),
      ).rejects.toMatchObject({ status: 400 });
    });

    it('a real MCP client lists the tools and finds only the rows and columns the role may see; a denied table is refused', async () => {
      const client = await connect(created.url, created.token);
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        expect(names).toEqual(
          expect.arrayContaining(['find_Note', 'get_Note', 'create_Note', 'update_Note', 'delete_Note', 'count_Note']),
        );
        expect(names).toContain('find_Salary');

        const found = await client.callTool({ name: 'find_Note', arguments: { sortBy: ['title'] } });
        expect(found.isError).toBe(false);
        const rows = rowsOf(found);
        expect(rows.map((r) => r.title)).toEqual(['alpha', 'beta']);
        for (const r of rows) expect(r).not.toHaveProperty('secret');
        const where = await client.callTool({ name: 'find_Note', arguments: { where: 'stars >= 2' } });
        expect(rowsOf(where).map((r) => r.title)).toEqual(['beta']);
        expect(JSON.parse(textOf(await client.callTool({ name: 'count_Note', arguments: {} })))).toEqual({ count: 2 });

        const refused = await client.callTool({ name: 'find_Salary', arguments: {} });
        expect(refused.isError).toBe(true);
        expect(textOf(refused)).toMatch(/may not read table 'Salary'/);
        const hiddenOne = await client.callTool({ name: 'get_Note', arguments: { objectId: hidden } });
        expect(hiddenOne.isError).toBe(true);
      } finally {
        await client.close();
      }
    });

    it('wrong argument types, unknown arguments and unknown tools are tool errors, and the server keeps answering', async () => {
      const client = await connect(created.url, created.token);
      try {
        const wrongType = await client.callTool({ name: 'find_Note', arguments: { pageSize: 'ten' } });
        expect(wrongType.isError).toBe(true);
        expect(textOf(wrongType)).toMatch(/pageSize must be integer, not string/);
        const wrongWhere = await client.callTool({ name: 'count_Note', arguments: { where: 42 } });
        expect(textOf(wrongWhere)).toMatch(/where must be string/);
        const missing = await client.callTool({ name: 'get_Note', arguments: {} });
        expect(textOf(missing)).toMatch(/objectId is required/);
        const extra = await client.callTool({ name: 'create_Note', arguments: { record: { title: 1 } } });
        expect(textOf(extra)).toMatch(/title must be string or null, not integer/);
        const badWhere = await client.callTool({ name: 'find_Note', arguments: { where: 'nope >>> 1' } });
        expect(badWhere.isError).toBe(true);
        const unknown = await client.callTool({ name: 'find_Nothing', arguments: {} });
        expect(textOf(unknown)).toMatch(/Unknown tool/);
        // Writes go through the same permission engine and answer the record.
        const made = await client.callTool({
          name: 'create_Note',
          arguments: { record: { title: 'delta', stars: 4 } },
        });
        expect(made.isError, textOf(made)).toBe(false);
        expect(made.structuredContent).toMatchObject({ title: 'delta', stars: 4 });
        expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      } finally {
        await client.close();
      }
    });

    it('a bad token is a 401 with a bearer challenge; a stopped server refuses; start opens it again', async () => {
      const bad = await post(created.url, 'bmcp_wrong');
      expect(bad.status).toBe(401);
      expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await post(created.url.replace('/assistant', '/ghost'), created.token)).status).toBe(401);
      await expect(connect(created.url, 'bmcp_wrong')).rejects.toThrow();

      const stopped = await reference.hostingMcpServices.changeHostingMcpServerState(f.appId, 'stop', {
        name: 'assistant',
      });
      expect(stopped.status).toBe('STOPPED');
      const refused = await post(created.url, created.token);
      expect(refused.status).toBe(503);
      expect((await refused.json()).message).toMatch(/stopped/);
      await expect(
        reference.hostingMcpServices.changeHostingMcpServerState(f.appId, 'pause', { name: 'assistant' }),
      ).rejects.toMatchObject({ status: 400 });
      expect(
        (await reference.hostingMcpServices.changeHostingMcpServerState(f.appId, 'start', { name: 'assistant' }))
          .status,
      ).toBe('RUNNING');
      expect((await post(created.url, created.token)).status).toBe(200);
    });

    it('redeploy regenerates the tools after a schema change; status lists them; try-it runs as the role', async () => {
      await f.table('Task', [{ name: 'done', dataType: 'BOOLEAN' }]);
      const before = await reference.hostingMcpServices.getHostingMcpServerStatus(f.appId, 'assistant');
      expect(before.tools.map((t: Rec) => t.name)).not.toContain('find_Task');
      const after = await reference.hostingMcpServices.redeployHostingMcpServer(f.appId, { name: 'assistant' });
      expect(after.tools.map((t: Rec) => t.name)).toContain('find_Task');
      const client = await connect(created.url, created.token);
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toContain('count_Task');
      } finally {
        await client.close();
      }
      const tried = await sdk.hostingMcpServices.callHostingMcpServerTool(f.appId, 'assistant', 'find_Salary');
      expect(tried.isError).toBe(true);
      const ok = await sdk.hostingMcpServices.callHostingMcpServerTool(f.appId, 'assistant', 'count_Note');
      expect(JSON.parse(ok.content[0]!.text!)).toEqual({ count: 3 });
    });

    it('Basalt as an MCP client: saves a client with its token sealed and masked, validates, pings and calls tools', async () => {
      const saved = await reference.mcpServices.createMcpClient(f.appId, {
        name: 'self',
        url: created.url,
        headers: { Authorization: `Bearer ${created.token}` },
      });
      expect(saved).toMatchObject({ name: 'self', url: created.url, headers: { Authorization: MCP_MASK } });
      const row = await server()
        .app.basalt.dbs.system.selectFrom('mcp_clients' as any)
        .select('headers' as any)
        .executeTakeFirstOrThrow();
      expect((row as Rec).headers).toMatch(/^enc:v1:/);
      expect((row as Rec).headers).not.toContain(created.token);

      const valid = await reference.mcpServices.validateMcpConnection(f.appId, { name: 'self' });
      expect(valid.valid).toBe(true);
      expect(valid.server.name).toBe('basalt-assistant');
      expect(valid.tools.map((t: Rec) => t.name)).toContain('find_Note');
      const ping = await reference.mcpServices.pingMcpClient(f.appId, 'self', {});
      expect(ping).toMatchObject({ ok: true, toolsCount: valid.tools.length });

      const result = await callMcpTool(server().app.basalt, f.appId, 'self', 'find_Note', { where: "title = 'alpha'" });
      expect(result.isError).toBe(false);
      expect(rowsOf(result).map((r) => r.title)).toEqual(['alpha']);
      const toolError = await callMcpTool(server().app.basalt, f.appId, 'self', 'find_Note', { pageSize: 'x' });
      expect(toolError.isError).toBe(true);

      // A masked value sent back keeps the stored token; a new header is added.
      const updated = await reference.mcpServices.updateMcpClient(f.appId, {
        name: 'self',
        headers: { Authorization: MCP_MASK, 'X-Trace': 'on' },
      });
      expect(updated.headers).toEqual({ Authorization: MCP_MASK, 'X-Trace': MCP_MASK });
      expect((await sdk.mcpServices.validateMcpConnection(f.appId, { name: 'self' })).valid).toBe(true);

      const oauth = await reference.mcpServices.checkOAuthForMCPClient(f.appId, { url: created.url });
      expect(oauth).toMatchObject({ oauthRequired: true, status: 401 });
      const wrong = reference.mcpServices.validateMcpConnection(f.appId, {
        url: created.url,
        headers: { Authorization: 'Bearer nope' },
      });
      await expect(wrong).rejects.toMatchObject({ status: 422 });
      await expect(wrong).rejects.toThrow(/MCP server at 127\.0\.0\.1/);
      await expect(
        reference.mcpServices.createMcpClient(f.appId, { name: 'bad', url: 'ftp://example.com/x' }),
      ).rejects.toMatchObject({ status: 400 });
      await expect(
        reference.mcpServices.createMcpClient(f.appId, { name: 'self', url: created.url }),
      ).rejects.toMatchObject({ status: 409 });

      expect((await reference.mcpServices.getMcpClients(f.appId)).map((c: Rec) => c.name)).toEqual(['self']);
      expect(await reference.mcpServices.deleteMcpClient(f.appId, { name: 'self' })).toEqual({ success: true });
      await expect(reference.mcpServices.pingMcpClient(f.appId, 'self', {})).rejects.toMatchObject({ status: 404 });
    });

    it('an API service marked for MCP becomes a tool after a redeploy; its arguments are checked too', async () => {
      await deploy(f, [{ id: 'services/greeter.js', content: greeter }]);
      const [entry] = await sdk.mcpApiServices.getMcpApiServices(f.appId);
      const unmarked = await reference.hostingMcpServices.redeployHostingMcpServer(f.appId, { name: 'assistant' });
      expect(unmarked.tools.map((t: Rec) => t.name)).not.toContain('Greeter_hello');
      await sdk.mcpApiServices.enableMcpApiService(f.appId, entry!.serviceInfo.serviceVersionId);
      const marked = await reference.hostingMcpServices.redeployHostingMcpServer(f.appId, { name: 'assistant' });
      expect(marked.tools.find((t: Rec) => t.name === 'Greeter_hello')).toMatchObject({
        description: 'Says hello.',
        inputSchema: { properties: { name: { type: 'string' } }, required: ['name'] },
      });
      const client = await connect(created.url, created.token);
      try {
        const hello = await client.callTool({ name: 'Greeter_hello', arguments: { name: 'Ada' } });
        expect(hello.isError, textOf(hello)).toBe(false);
        expect(textOf(hello)).toBe('Hello, Ada');
        const wrong = await client.callTool({ name: 'Greeter_hello', arguments: { name: 5 } });
        expect(wrong.isError).toBe(true);
        expect(textOf(wrong)).toMatch(/name must be string/);
      } finally {
        await client.close();
      }
    });

    it('delete removes the server: its token opens nothing', async () => {
      expect(await reference.hostingMcpServices.deleteHostingMcpServer(f.appId, { name: 'assistant' })).toEqual({
        success: true,
      });
      expect((await post(created.url, created.token)).status).toBe(401);
      await expect(reference.hostingMcpServices.getHostingMcpServerStatus(f.appId, 'assistant')).rejects.toMatchObject({
        status: 404,
      });
    });
  },
  { remoteFetchPrivate: true },
);

describeEachDb('MCP clients under the private-address policy', (server) => {
  it('a client URL on a private address is refused unless the operator allows it', async () => {
    const f = await appFixture(server());
    const res = await server().call('POST', `/api/node-server/manage/app/${f.appId}/integration/mcp/clients`, {
      authKey: f.dev.authKey,
      body: { name: 'local', url: 'http://127.0.0.1:9/mcp' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not reachable from the server/);
    const anonymous = await server().call('GET', `/api/node-server/manage/app/${f.appId}/mcp/hosting`);
    expect(anonymous.statusCode).toBe(401);
  });
});

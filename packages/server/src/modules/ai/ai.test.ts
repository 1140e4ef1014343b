import http from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { multipart } from '../files/files.test-helpers.js';
import { rank, split } from './knowledge-text.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;
/** The reference client's request library sends the `form-data` package's forms as multipart under Node. */
const NodeFormData: new () => { append(field: string, value: Buffer, fileName: string): void } = createRequire(
  require.resolve('backendless-request'),
)('form-data');

/**
 * A local stand-in for an OpenAI-compatible chat API. It records every request and answers from
 * what it was sent, so a test can check both what Basalt asked and what it did with the answer.
 */
interface Seen {
  auth: string | undefined;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string };
    temperature?: number;
  };
}
const seen: Seen[] = [];
const standIn = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Seen['body'];
    seen.push({ auth: req.headers.authorization, body });
    const answer = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.url !== '/v1/chat/completions') return answer(404, { error: { message: 'no such path' } });
    if (body.model === 'missing-model')
      return answer(404, { error: { message: 'The model `missing-model` does not exist' } });
    const system = body.messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n');
    const user = body.messages.at(-1)!.content;
    let content: string;
    if (system.includes('Suggest up to 6 charts'))
      content = JSON.stringify({
        visualizations: [
          { title: 'Revenue by status', type: 'bar', table: 'Order', x: 'status', y: 'total', aggregate: 'sum' },
          { title: 'Invented', type: 'bar', table: 'Ghost', x: 'a', y: null, aggregate: 'count' },
          { title: 'Bad column', type: 'pie', table: 'Order', x: 'nope', y: null, aggregate: 'count' },
          { title: 'Orders', type: 'line', table: 'Order', x: 'created', y: null, aggregate: 'count' },
        ],
      });
    else if (body.response_format?.type === 'json_object')
      content = JSON.stringify({ echo: user, passages: (system.match(/^\[\d+\]/gm) ?? []).length });
    else content = `answer to: ${user}`;
    answer(200, {
      id: 'x',
      model: `${body.model}-served`,
      choices: [{ index: 0, message: { role: 'assistant', content } }],
      usage: { prompt_tokens: 11, completion_tokens: 7 },
    });
  });
});
await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
const standInUrl = `http://127.0.0.1:${(standIn.address() as { port: number }).port}/v1`;
afterAll(() => new Promise<void>((r) => standIn.close(() => r())));

it('retrieval ranks the passage that shares the rarer words first, and splits long text with overlap', () => {
  const items = [
    'Refunds are paid within 14 days of the return.',
    'Shipping takes three days inside the country.',
    'Our office is open from nine to five.',
  ];
  const ranked = rank('how many days for a refund', items, (t) => t, 2);
  expect(ranked[0].item).toBe(items[0]);
  expect(ranked.map((r) => r.item)).not.toContain(items[2]);
  const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} says something.`).join(' ');
  const parts = split(long);
  expect(parts.length).toBeGreaterThan(1);
  expect(parts.every((p) => p.length <= 1000)).toBe(true);
  // Overlap: the start of each passage after the first appears at the end of the one before.
  expect(parts[0]).toContain(parts[1].slice(0, 30));
});

describeEachDb('AI assistance without a provider', (server) => {
  let f: AppFixture;
  let reference: any;
  let url: string;

  beforeAll(async () => {
    f = await appFixture(server());
    url = await listenForClients(server());
    reference = createReferenceClient(url, f.dev.authKey);
  });

  it('answers 503 AI_NOT_CONFIGURED naming the setting, and the usage says not configured', async () => {
    await expect(reference.openAI.createChatCompletion(f.appId, 'where-clause', { prompt: 'x' })).rejects.toMatchObject(
      {
        status: 503,
      },
    );
    const res = await server().call('POST', `/${f.appId}/console/open-ai/chat-completion/where-clause`, {
      authKey: f.dev.authKey,
      body: { prompt: 'x' },
    });
    expect(res.json()).toMatchObject({
      code: 'AI_NOT_CONFIGURED',
      message: expect.stringContaining('BASALT_AI_BASE_URL'),
    });
    expect(await reference.openAI.getUsageInfo(f.appId, 'where-clause')).toMatchObject({
      configured: false,
      requests: 0,
    });
    expect(seen).toHaveLength(0);
  });

  it('knowledge bases work through the reference client: create, upload, search, delete a file, delete', async () => {
    const kb = await reference.knowledgeBase.createKnowledgeBase(f.appId, {
      name: 'Policies',
      description: 'Shop rules',
    });
    expect(kb).toMatchObject({ name: 'Policies', description: 'Shop rules', files: [] });
    await expect(reference.knowledgeBase.createKnowledgeBase(f.appId, { name: 'Policies' })).rejects.toMatchObject({
      status: 409,
    });

    const form = new NodeFormData();
    form.append('file', Buffer.from('# Refunds\n\nRefunds are paid within 14 days of the return.'), 'refunds.md');
    form.append('file', Buffer.from('<p>Shipping takes <b>three</b> days.</p><script>evil()</script>'), 'ship.html');
    const withFiles = await reference.knowledgeBase.uploadFiles(f.appId, kb.id, form);
    expect(withFiles.files.map((x: any) => [x.name, x.contentType, x.passages])).toEqual([
      ['refunds.md', 'text/markdown', 1],
      ['ship.html', 'text/html', 1],
    ]);
    const json = await reference.knowledgeBase.uploadFiles(f.appId, kb.id, {
      files: [{ name: 'hours.txt', content: 'The office is open from nine to five.' }],
    });
    expect(json.files).toHaveLength(3);

    const ours = createBasaltClient(url, f.dev.authKey);
    const found = await ours.knowledgeBase.search(f.appId, kb.id, 'refund days');
    expect(found[0]).toMatchObject({ fileName: 'refunds.md', seq: 0 });
    const html = await ours.knowledgeBase.search(f.appId, kb.id, 'shipping');
    expect(html[0].text).toContain('Shipping takes three days');
    expect(html[0].text).not.toContain('evil');

    const afterDelete = await reference.knowledgeBase.deleteFile(f.appId, kb.id, withFiles.files[0].id);
    expect(afterDelete.files.map((x: any) => x.name)).toEqual(['ship.html', 'hours.txt']);
    expect(await ours.knowledgeBase.search(f.appId, kb.id, 'refund')).toEqual([]);

    const renamed = await reference.knowledgeBase.updateKnowledgeBaseMetaInfo(f.appId, kb.id, { name: 'Rules' });
    expect(renamed).toMatchObject({ name: 'Rules', description: 'Shop rules' });
    expect((await reference.knowledgeBase.getAllKnowledgeBases(f.appId)).map((k: any) => k.name)).toEqual(['Rules']);
    expect(await reference.knowledgeBase.deleteKnowledgeBase(f.appId, kb.id)).toEqual({ success: true });
    await expect(reference.knowledgeBase.getKnowledgeBase(f.appId, kb.id)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses documents it cannot read, and a batch with one bad document stores none', async () => {
    const kb = await reference.knowledgeBase.createKnowledgeBase(f.appId, { name: 'Docs' });
    const bad = async (files: unknown, status: number, says: string) => {
      const res = await server().call('POST', `/api/node-server/manage/app/${f.appId}/knowledge-base/${kb.id}/files`, {
        authKey: f.dev.authKey,
        body: files,
      });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toContain(says);
    };
    await bad({ files: [{ name: 'a.pdf', content: '%PDF' }] }, 400, "'a.pdf' is not a document");
    await bad(
      {
        files: [
          { name: 'ok.txt', content: 'fine' },
          { name: 'b.json', content: '{nope' },
        ],
      },
      400,
      'not valid JSON',
    );
    await bad({ files: [{ name: 'z.txt', content: 'a\u0000b' }] }, 400, 'binary');
    await bad({ files: [{ name: 'big.txt', content: 'x'.repeat(5 * 1024 * 1024 + 1) }] }, 413, '5 MB');
    await bad({ nothing: true }, 400, 'multipart');
    expect((await reference.knowledgeBase.getKnowledgeBase(f.appId, kb.id)).files).toEqual([]);

    // Multipart over the limit is refused while it streams.
    const body = multipart('file', 'huge.md', Buffer.alloc(5 * 1024 * 1024 + 10, 97));
    const res = await server().call('POST', `/api/node-server/manage/app/${f.appId}/knowledge-base/${kb.id}/files`, {
      authKey: f.dev.authKey,
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
  });

  it("another developer cannot read or change the app's knowledge bases", async () => {
    const kb = await reference.knowledgeBase.createKnowledgeBase(f.appId, { name: 'Private' });
    const other = await appFixture(server());
    const res = await server().call('GET', `/api/node-server/manage/app/${f.appId}/knowledge-base/${kb.id}`, {
      authKey: other.dev.authKey,
    });
    expect([403, 404]).toContain(res.statusCode);
    // Its own app does not see the base either (ids are not shared across apps).
    const cross = await server().call('GET', `/api/node-server/manage/app/${other.appId}/knowledge-base/${kb.id}`, {
      authKey: other.dev.authKey,
    });
    expect(cross.statusCode).toBe(404);
  });
});

describeEachDb(
  'AI assistance with a provider',
  (server) => {
    let f: AppFixture;
    let reference: any;
    let ours: ReturnType<typeof createBasaltClient>;
    let url: string;

    beforeAll(async () => {
      f = await appFixture(server());
      await f.table('Order', [
        { name: 'status', dataType: 'STRING' },
        { name: 'total', dataType: 'DOUBLE' },
      ]);
      url = await listenForClients(server());
      reference = createReferenceClient(url, f.dev.authKey);
      ours = createBasaltClient(url, f.dev.authKey);
    });

    it("sends the feature's instructions, the context as data and the key; answers the text and counts the use", async () => {
      seen.length = 0;
      const answer = await reference.openAI.createChatCompletion(f.appId, 'where-clause', {
        prompt: 'orders over 100',
        context: { table: 'Order', columns: ['status', 'total'] },
      });
      expect(answer).toEqual({
        content: 'answer to: orders over 100',
        model: 'test-model-served',
        usage: { promptTokens: 11, completionTokens: 7 },
      });
      expect(seen).toHaveLength(1);
      expect(seen[0].auth).toBe('Bearer provider-key');
      expect(seen[0].body.model).toBe('test-model');
      expect(seen[0].body.messages[0]).toMatchObject({
        role: 'system',
        content: expect.stringContaining('where clauses'),
      });
      expect(seen[0].body.messages[1].content).toContain('"table": "Order"');
      expect(seen[0].body.messages.at(-1)).toEqual({ role: 'user', content: 'orders over 100' });
      expect(await ours.openAI.getUsageInfo(f.appId, 'where-clause')).toMatchObject({
        configured: true,
        requests: 1,
        limit: 3,
        remaining: 2,
        promptTokens: 11,
        completionTokens: 7,
      });
    });

    it('stops at the daily limit with 429, per feature', async () => {
      await ours.openAI.createChatCompletion(f.appId, 'explain-error', { prompt: 'a' });
      await ours.openAI.createChatCompletion(f.appId, 'explain-error', { prompt: 'b' });
      await ours.openAI.createChatCompletion(f.appId, 'explain-error', { prompt: 'c' });
      const before = seen.length;
      await expect(ours.openAI.createChatCompletion(f.appId, 'explain-error', { prompt: 'd' })).rejects.toMatchObject({
        status: 429,
      });
      expect(seen.length).toBe(before);
      expect((await ours.openAI.getUsageInfo(f.appId, 'explain-error')).remaining).toBe(0);
      expect((await ours.openAI.getUsageInfo(f.appId, 'general')).remaining).toBe(3);
    });

    it('bad input: unknown feature, empty conversation, a last turn that is not the developer’s', async () => {
      const call = (feature: string, body: unknown) =>
        server().call('POST', `/${f.appId}/console/open-ai/chat-completion/${feature}`, {
          authKey: f.dev.authKey,
          body,
        });
      const unknown = await call('poetry', { prompt: 'x' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain("Unknown AI feature 'poetry'");
      expect((await call('general', {})).statusCode).toBe(400);
      const last = await call('general', { messages: [{ role: 'assistant', content: 'hi' }] });
      expect(last.statusCode).toBe(400);
      expect(last.json().message).toContain('role user');
    });

    it('chart suggestions keep only tables and columns the app has', async () => {
      const prompt = await reference.openAI.getDashboardDataVisualizationsPrompt(f.appId);
      expect(prompt.prompt).toContain('- Order: ');
      expect(prompt.prompt).toContain('total (DOUBLE)');
      const out = await reference.openAI.generateDashboardDataVisualizations(f.appId, { question: 'revenue' });
      expect(out.visualizations).toEqual([
        { title: 'Revenue by status', type: 'bar', table: 'Order', x: 'status', y: 'total', aggregate: 'sum' },
        { title: 'Orders', type: 'line', table: 'Order', x: 'created', y: null, aggregate: 'count' },
      ]);
      expect(seen.at(-1)!.body.response_format).toEqual({ type: 'json_object' });
    });

    it('an assistant answers from its knowledge base: passages retrieved and sent, JSON parsed', async () => {
      const kb = await ours.knowledgeBase.createKnowledgeBase(f.appId, { name: 'Shop' });
      await ours.knowledgeBase.uploadFiles(f.appId, kb.id, {
        files: [
          { name: 'refunds.txt', content: 'Refunds are paid within 14 days of the return.' },
          { name: 'office.txt', content: 'The office is open from nine to five.' },
        ],
      });
      const made = await ours.automation.createAIAssistant(f.appId, {
        name: 'Support',
        instructions: 'Decide whether to refund.',
        responseFormat: 'JSON_OBJECT',
        temperature: 0.2,
        knowledgeBaseIds: [kb.id],
      });
      expect(made).toMatchObject({
        name: 'Support',
        model: '',
        responseFormat: 'JSON_OBJECT',
        knowledgeBaseIds: [kb.id],
      });
      const answer = await ours.automation.askAIAssistant(f.appId, 'Support', 'Can I get a refund after 10 days?');
      expect(answer.decision).toEqual({ echo: 'Can I get a refund after 10 days?', passages: 1 });
      expect(answer.passages.map((p) => p.fileName)).toEqual(['refunds.txt']);
      const sent = seen.at(-1)!.body;
      expect(sent.temperature).toBe(0.2);
      expect(sent.model).toBe('test-model');
      expect(sent.messages[0].content).toContain('Decide whether to refund.');
      expect(sent.messages[1].content).toContain('Refunds are paid within 14 days');

      // Through the 2.57.2-shaped methods of the reference client's automation group.
      const list = await ours.automation.getAIAssistants(f.appId);
      expect(list.map((a) => a.name)).toEqual(['Support']);
      const text = await ours.automation.updateAIAssistant(f.appId, {
        id: made.id,
        name: 'Support',
        responseFormat: 'TEXT',
      });
      expect(text.responseFormat).toBe('TEXT');
      expect((await ours.automation.askAIAssistant(f.appId, made.id, 'hello')).decision).toBe('answer to: hello');
      expect(await ours.automation.getAiAgentsProviders()).toEqual([
        expect.objectContaining({ id: 'openai-compatible', configured: true, defaultModel: 'test-model' }),
      ]);
    });

    it('the AI assistant methods answer the published 2.57.2 client unchanged', async () => {
      const ref = require('backendless-console-sdk-2.57.2').createClient(url, f.dev.authKey);
      const made = await ref.automation.createAIAssistant(f.appId, { name: 'Reference', instructions: 'Be brief.' });
      expect(made).toMatchObject({ name: 'Reference', instructions: 'Be brief.', responseFormat: 'AUTO' });
      expect((await ref.automation.getAIAssistants(f.appId)).map((a: any) => a.name)).toContain('Reference');
      const changed = await ref.automation.updateAIAssistant(f.appId, { ...made, model: 'other-model' });
      expect(changed).toMatchObject({ id: made.id, model: 'other-model' });
      await expect(ref.automation.registerAIAssistant(f.appId, 'asst_1')).rejects.toMatchObject({ status: 422 });
      expect(await ref.automation.deleteAIAssistant(f.appId, made.id)).toEqual({ success: true });
    });

    it('assistants: bad input and the retired import answer clearly; a provider error is passed on', async () => {
      await expect(ours.automation.createAIAssistant(f.appId, { name: 'Support' })).rejects.toMatchObject({
        status: 409,
      });
      await expect(
        ours.automation.createAIAssistant(f.appId, { name: 'X', responseFormat: 'YAML' }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('responseFormat') });
      await expect(
        ours.automation.createAIAssistant(f.appId, { name: 'Y', knowledgeBaseIds: ['nope'] }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("'nope'") });
      await expect(ours.automation.registerAIAssistant(f.appId, 'asst_123')).rejects.toMatchObject({ status: 422 });
      const broken = await ours.automation.createAIAssistant(f.appId, { name: 'Broken', model: 'missing-model' });
      await expect(ours.automation.askAIAssistant(f.appId, broken.id, 'hi')).rejects.toMatchObject({
        status: 424,
        message: expect.stringContaining('does not exist'),
      });
      expect(await ours.automation.deleteAIAssistant(f.appId, broken.id)).toEqual({ success: true });
      await expect(ours.automation.askAIAssistant(f.appId, broken.id, 'hi')).rejects.toMatchObject({ status: 404 });
    });

    it("a flow's AI assistant and AI agent steps feed their answers to the next step; a failure takes the error port", async () => {
      // A fresh app: the assistants' daily quota (3 in this server) is spent by the tests above.
      const f = await appFixture(server());
      await f.table('Order', [
        { name: 'status', dataType: 'STRING' },
        { name: 'total', dataType: 'INT' },
      ]);
      const ours = createBasaltClient(url, f.dev.authKey);
      await ours.automation.createAIAssistant(f.appId, { name: 'Classifier', responseFormat: 'JSON_OBJECT' });
      const flow = await ours.automation.createFlow(f.appId, {
        name: 'Classify order',
        elements: [
          { id: 't', name: 'Start', type: 'trigger.api', config: {} },
          {
            id: 'a',
            name: 'Ask',
            type: 'action.aiAssistant',
            config: { assistant: 'Classifier', message: '{{ $trigger.note }}' },
          },
          {
            id: 'g',
            name: 'Agent',
            type: 'action.aiAgent',
            config: { system: 'Be short.', prompt: 'Say {{ $results["Ask"].decision.echo }}' },
          },
          {
            id: 'c',
            name: 'Save',
            type: 'action.createRecord',
            config: { table: 'Order', values: { status: '{{ $results["Agent"].answer }}', total: 1 } },
          },
          { id: 'bad', name: 'Broken', type: 'action.aiAssistant', config: { assistant: 'Nobody', message: 'x' } },
          {
            id: 'h',
            name: 'Handled',
            type: 'action.createRecord',
            config: { table: 'Order', values: { status: '{{ $error.code }}', total: 2 } },
          },
        ],
        transitions: [
          { from: 't', to: 'a', port: 'out' },
          { from: 'a', to: 'g', port: 'out' },
          { from: 'g', to: 'c', port: 'out' },
          { from: 'c', to: 'bad', port: 'out' },
          { from: 'bad', to: 'h', port: 'error' },
        ],
      });
      expect([flow.status, flow.validationErrors]).toEqual(['READY', []]);
      await ours.automation.enableFlow(f.appId, flow.id);
      const started = await server().call('POST', `/${f.appId}/${f.keys.REST}/automation/flow/activate-by-name`, {
        body: { name: 'Classify order', initialData: { note: 'ship fast' } },
      });
      expect(started.statusCode).toBe(200);
      const rows = async () => (await f.api('GET', '/data/Order?sortBy=total')).json() as Array<{ status: string }>;
      const until = Date.now() + 15_000;
      let found = await rows();
      while (found.length < 2 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 150));
        found = await rows();
      }
      expect(found.map((r) => r.status)).toEqual(['answer to: Say ship fast', 'NOT_FOUND']);
    });
  },
  { aiBaseUrl: standInUrl, aiApiKey: 'provider-key', aiModel: 'test-model', aiDailyLimit: 3 },
);

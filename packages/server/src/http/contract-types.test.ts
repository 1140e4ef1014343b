import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { allRoutes, defineRoute } from '@basalt/shared';
import type { ServerContext } from '../context.js';
import { handle } from './route.js';

/**
 * The contract carries the types (decision 0043): a route's schemas type its server handler and
 * its SDK method. These checks keep it so while the routes move over, and prove the chain works:
 * changing a response schema breaks the type check where an SDK answer is used.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SHARED_INDEX = path.join(ROOT, 'packages/shared/src/index.ts');
const COUNTERS_ROUTES = path.join(ROOT, 'packages/shared/src/routes/counters.ts');
const PROBE = path.join(ROOT, 'packages/sdk/src/contract-probe.virtual.ts');
const COUNTERS_GROUP = path.join(ROOT, 'packages/sdk/src/groups/counters.ts');
/**
 * The files whose errors the checks read: the use, the SDK method it calls and the route it is
 * typed by. Checking every file of the contract and the SDK says nothing more about this chain and
 * costs minutes as the surface grows; the full check is `npm run typecheck`.
 */
const CHECKED = [PROBE, COUNTERS_GROUP, COUNTERS_ROUTES];

/** Type-checks a use of the SDK against the contract's sources, with `counters.ts` as given. */
function typeErrorsWith(
  countersSource: string,
  probe: string,
  before?: ts.Program,
): { errors: string[]; program: ts.Program } {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    // The SDK reads the contract from its sources here, not from the built declarations.
    paths: { '@basalt/shared': [SHARED_INDEX] },
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (f) => path.resolve(f) === PROBE || fileExists(f);
  host.readFile = (f) => {
    const at = path.resolve(f);
    if (at === PROBE) return probe;
    if (at === COUNTERS_ROUTES) return countersSource;
    return readFile(f);
  };
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (f, lang, onError, create) => {
    const text = host.readFile(f);
    return text === undefined ? getSourceFile(f, lang, onError, create) : ts.createSourceFile(f, text, lang);
  };
  // The second check reuses the first's unchanged files (the SDK and the contract but one file).
  const program = ts.createProgram([PROBE], options, host, before);
  const errors = CHECKED.map((f) => program.getSourceFile(f))
    .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
    .filter((d) => d.category === ts.DiagnosticCategory.Error)
    .map(
      (d) =>
        `${d.file ? path.relative(ROOT, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  return { errors, program };
}

/** The probe calls the SDK's counters group as `createClient` builds it, with a request of its own. */
const PROBE_HEAD = [
  "import { createCountersGroup } from './groups/counters.js';",
  "import type { GroupContext } from './groups/group-context.js';",
  'declare const context: GroupContext;',
  'const counters = createCountersGroup(context);',
];

describe('the contract types the server and the SDK', () => {
  it('an SDK answer is typed by its route: changing the response schema fails the type check where the answer is used', () => {
    const source = fs.readFileSync(COUNTERS_ROUTES, 'utf8');
    const probe = [
      ...PROBE_HEAD,
      'export async function probe(): Promise<number> {',
      "  const created = await counters.create('app', 'visits', 1);",
      "  const page = await counters.get('app');",
      '  return created.value + page.totalRows + page.data[0].value;',
      '}',
    ].join('\n');
    const first = typeErrorsWith(source, probe);
    expect(first.errors).toEqual([]);

    // The counter's value becomes text in the contract: the same use no longer type-checks.
    const changed = source.replace('value: Type.Number()', 'value: Type.String()');
    expect(changed).not.toBe(source);
    const { errors } = typeErrorsWith(changed, probe, first.program);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toContain('contract-probe.virtual.ts');
  }, 120_000);

  it("an SDK method's body and query parameters are typed by its route: changing either schema fails the type check at the call", () => {
    const source = fs.readFileSync(COUNTERS_ROUTES, 'utf8');
    const probe = [
      ...PROBE_HEAD,
      'export async function probe(): Promise<number> {',
      "  const page = await counters.get('app', { sortField: 'value', pattern: 'visit*' });",
      "  const named = await counters.listCounters('app', ['visits', 'clicks']);",
      '  return page.totalRows + named.length;',
      '}',
    ].join('\n');
    const first = typeErrorsWith(source, probe);
    expect(first.errors).toEqual([]);

    const changes: Array<[what: string, from: string, to: string]> = [
      // The query: counters can no longer be sorted by value.
      ['query', "Type.Literal('name'), Type.Literal('value')", "Type.Literal('name'), Type.Literal('created')"],
      // The body: the names travel in an object instead of a bare list.
      [
        'body',
        'body: Type.Array(CounterNameSchema, { maxItems: 1000 })',
        'body: Type.Object({ names: Type.Array(CounterNameSchema, { maxItems: 1000 }) })',
      ],
    ];
    for (const [what, from, to] of changes) {
      const changed = source.replace(from, to);
      expect(changed, what).not.toBe(source);
      const { errors } = typeErrorsWith(changed, probe, first.program);
      expect(errors.length, what).toBeGreaterThan(0);
      // Only the call breaks: the SDK itself still compiles, its parameter type moved with the route.
      expect(
        errors.filter((e) => !e.startsWith('packages/sdk/src/contract-probe.virtual.ts')),
        what,
      ).toEqual([]);
    }
  }, 180_000);

  it('every built route declares its answer', () => {
    const lacking = allRoutes()
      .filter((r) => !r.area && !r.response)
      .map((r) => r.name);
    expect(lacking).toEqual([]);
  });

  it('no handler is typed by hand', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) files.push(p);
      }
    };
    walk(path.join(ROOT, 'packages/server/src'));
    const typedByHand = files
      .filter((f) => /(?<!function )\bhandle<[^>]/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f))
      .sort();
    expect(typedByHand).toEqual([]);
  });

  it('an answer is sent through its response schema: a field the schema does not declare never leaves', async () => {
    const app = Fastify();
    const route = defineRoute({
      name: 'probe.get',
      method: 'GET',
      path: '/probe/:id',
      auth: 'public',
      response: Type.Object({ id: Type.String(), size: Type.Integer() }),
    });
    // A public route reads nothing of the server context.
    handle(
      app,
      {} as ServerContext,
      route,
      ({ params }) => ({ id: params.id, size: 3, passwordHash: 'secret' }) as { id: string; size: number },
    );
    const res = await app.inject({ method: 'GET', url: '/probe/a1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a1', size: 3 });
    expect(res.body).not.toContain('secret');
    await app.close();
  });
});

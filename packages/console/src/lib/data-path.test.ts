import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createClient } from '@basalt/sdk';
import { NoResponseCache } from './no-response-cache';

// The console's one data path (docs/decisions/0038-one-console-data-path.md): screens reach the
// server through their feature's api/ folder, and TanStack Query is the only cache.
const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative(SRC, path).split(sep).join('/')] : [];
  });
}

const files = sources(SRC);
const inApi = (file: string) => /^features\/[^/]+\/api\//.test(file);

describe('the console data path', () => {
  it('reads the sources it checks', () => {
    expect(files).toContain('lib/sdk.ts');
    expect(files.filter(inApi).length).toBeGreaterThan(10);
  });

  it('calls getSdk() only in features/*/api/ and the client module', () => {
    const outside = files.filter(
      (f) => !inApi(f) && f !== 'lib/sdk.ts' && /\bgetSdk\(\)/.test(readFileSync(join(SRC, f), 'utf8')),
    );
    expect(outside).toEqual([]);
  });

  it('declares queries and mutations only in features/*/api/', () => {
    const hooks = /\b(useQuery|useQueries|useInfiniteQuery|useSuspenseQuery|useMutation)\(/;
    const outside = files.filter((f) => !inApi(f) && hooks.test(readFileSync(join(SRC, f), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('gives every feature with queries its query-key factories in api/<feature>.keys.ts', () => {
    const withQueries = new Set(
      files
        .filter((f) => inApi(f) && /\bqueryKey:/.test(readFileSync(join(SRC, f), 'utf8')))
        .map((f) => f.split('/')[1]),
    );
    expect(withQueries.size).toBeGreaterThan(5);
    const missing = [...withQueries].filter((feature) => !files.includes(`features/${feature}/api/${feature}.keys.ts`));
    expect(missing).toEqual([]);
  });

  it('writes query keys through the factories, not as literal arrays', () => {
    const literal = files.filter((f) => /\bqueryKey: \[/.test(readFileSync(join(SRC, f), 'utf8')));
    expect(literal).toEqual([]);
  });
});

describe("the console's SDK client", () => {
  it('asks the server every time, even for a request that asks for the SDK cache', async () => {
    let calls = 0;
    const fetch = async () => {
      calls += 1;
      return new Response(JSON.stringify({ call: calls }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const client = createClient('http://console.test', undefined, { fetch, cache: new NoResponseCache() });
    expect(await client.request.get('/list', { cache: 60_000, cacheTags: ['T'] })).toEqual({ call: 1 });
    expect(await client.request.get('/list', { cache: 60_000, cacheTags: ['T'] })).toEqual({ call: 2 });
  });

  it('leaves the SDK cache on for other clients', async () => {
    let calls = 0;
    const fetch = async () => {
      calls += 1;
      return new Response(JSON.stringify({ call: calls }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const client = createClient(`http://other-${Date.now()}.test`, undefined, { fetch });
    expect(await client.request.get('/list', { cache: 60_000 })).toEqual({ call: 1 });
    expect(await client.request.get('/list', { cache: 60_000 })).toEqual({ call: 1 });
  });
});

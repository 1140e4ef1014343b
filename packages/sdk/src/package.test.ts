import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, { types: string; default: string }>;
};

describe('@basalt/sdk package', () => {
  it.each(['.', './bridge'])('export %s points at the build of an existing source entry', (entry) => {
    const target = pkg.exports[entry];
    const sub = entry === '.' ? '' : `${entry.slice(2)}/`;
    expect(target).toEqual({ types: `./dist/${sub}index.d.ts`, default: `./dist/${sub}index.js` });
    expect(fs.existsSync(path.join(root, 'src', sub, 'index.ts'))).toBe(true);
  });

  it('the entry exports createClient, the transport and the cache tags', async () => {
    const sdk = await import('./index.js');
    expect(typeof sdk.createClient).toBe('function');
    expect(typeof sdk.Transport).toBe('function');
    expect(sdk.Request).toBe(sdk.Transport);
    expect(sdk.CacheTags.TABLE_DATA('t')).toBe('TABLE_DATA-t');
    expect(Object.keys(sdk.createClient('http://x'))).toEqual(
      expect.arrayContaining(['destroy', 'request', 'system', 'status', 'warning', 'user', 'apps']),
    );
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
};

describe('@basalt/sdk/realtime entry', () => {
  it('the package maps ./realtime to the build of this folder and depends on socket.io-client', () => {
    expect(pkg.exports['./realtime']).toEqual({
      types: './dist/realtime/index.d.ts',
      default: './dist/realtime/index.js',
    });
    expect(pkg.dependencies['socket.io-client']).toMatch(/^\^4\./);
  });

  it('exports connectRealtime, also from the main entry', async () => {
    const realtime = await import('./index.js');
    const main = await import('../index.js');
    expect(typeof realtime.connectRealtime).toBe('function');
    expect(main.connectRealtime).toBe(realtime.connectRealtime);
    expect(new realtime.RealtimeError('x', 'CODE')).toMatchObject({
      message: 'x',
      code: 'CODE',
      name: 'RealtimeError',
    });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startTestServer } from './test-helpers.js';

describe('first-start defaults', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('reads BASALT_MAIL_DIR: unset follows the data folder, off writes none, a path is resolved', () => {
    expect(loadConfig({}).mailDir).toBeUndefined();
    expect(loadConfig({ BASALT_MAIL_DIR: 'off' }).mailDir).toBeNull();
    expect(loadConfig({ BASALT_MAIL_DIR: 'drop' }).mailDir).toBe(path.resolve('drop'));
  });

  it('without SMTP, drops each mail into <dataDir>/mail by default', async () => {
    const server = await startTestServer('sqlite');
    try {
      const email = `mail${Date.now()}@example.com`;
      const reg = await server.call('POST', '/console/devreg', { body: { email, password: 'correct horse battery' } });
      expect(reg.statusCode).toBe(200);
      const dir = path.join(server.config.dataDir, 'mail');
      let files: string[] = [];
      for (let i = 0; i < 40 && !files.length; i++) {
        files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
        if (!files.length) await new Promise((r) => setTimeout(r, 50));
      }
      expect(files).toHaveLength(1);
      expect(fs.readFileSync(path.join(dir, files[0]!), 'utf8')).toMatch(
        new RegExp(`To: ${email}[\\s\\S]*/confirm-email\\?token=`),
      );
    } finally {
      await server.close();
    }
  });
});

import { expect, it } from 'vitest';
import type { AppApiKey, AppWarnings } from '@basalt/shared';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture } from '../appapi/appapi.test-helpers.js';

describeEachDb('app warnings', (server) => {
  it('reports panic mode, HIPAA off with data, confirmation mails without SMTP and keys whose role is gone, worst first', async () => {
    const f = await appFixture(server());
    const warnings = async (): Promise<AppWarnings> => {
      const res = await f.console('GET', '/warning');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const codes = async () => (await warnings()).details.map((d) => d.code);
    const ok = async (method: 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) => {
      const res = await f.console(method, path, body);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
      return res.json();
    };

    // A new app has no records and nothing to warn about.
    expect(await warnings()).toEqual({ warnings: [], details: [] });

    // The first stored record (a registered user) makes unaudited reads worth knowing about.
    await f.user();
    const hipaa = await warnings();
    expect(hipaa.details).toEqual([
      expect.objectContaining({ code: 'HIPAA_OFF_WITH_DATA', severity: 'info', area: 'security' }),
    ]);
    expect(hipaa.warnings).toEqual([hipaa.details[0].message]);
    await ok('PUT', '/compliance/hipaa/enable');
    expect(await codes()).toEqual([]);
    await ok('PUT', '/compliance/hipaa/disable');

    // Confirmation mails need SMTP; this server writes mail to its log.
    await ok('PUT', '/userregistration', { emailConfirmationRequired: true });
    expect(await codes()).toEqual(['EMAIL_CONFIRMATION_WITHOUT_SMTP', 'HIPAA_OFF_WITH_DATA']);
    await ok('PUT', '/userregistration', { emailConfirmationRequired: false });

    // A custom key whose role was deleted: named in the warning, listed with roleMissing, gives no role.
    await ok('PUT', '/security/roles/Partner');
    const key: AppApiKey = await ok('POST', '/apikey', { name: 'Partner portal', roleName: 'Partner' });
    await ok('DELETE', `/security/roles/${key.roleId}`);
    const orphan = (await warnings()).details.find((d) => d.code === 'API_KEY_ROLE_MISSING');
    expect(orphan).toMatchObject({ severity: 'warning', area: 'settings', target: key.id });
    expect(orphan?.message).toMatch(/Partner portal/);
    const listed = (await ok('PUT', `/apikey/${key.id}`, {})) as AppApiKey;
    expect(listed).toMatchObject({ roleId: key.roleId, roleName: null, roleMissing: true });
    expect((await f.api('GET', '/users/userroles', { key: key.apiKey })).json()).toEqual(['NotAuthenticatedUser']);

    // Panic mode comes first: nothing works while it is on.
    await ok('PUT', '/panic/enable', {});
    expect(await codes()).toEqual(['PANIC_MODE', 'API_KEY_ROLE_MISSING', 'HIPAA_OFF_WITH_DATA']);
    await ok('PUT', '/panic/disable', {});
    await ok('PUT', `/apikey/${key.id}`, { role: 'RestUser' });
    expect(await codes()).toEqual(['HIPAA_OFF_WITH_DATA']);
  });
});

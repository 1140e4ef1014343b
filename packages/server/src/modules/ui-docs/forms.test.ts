import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

const XSS = '<script>alert(1)</script>';

describeEachDb('Forms: the form editor, a launched form and its submissions', (server) => {
  let f: AppFixture;
  let base: string;
  const dev = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    server().call(method, `${base}${path}`, { authKey: f.dev.authKey, ...(body !== undefined ? { body } : {}) });
  const pub = (method: 'GET' | 'POST', formId: string, what: 'view' | 'submit', body?: unknown, form = false) =>
    server().call(method, `/api/app/${f.appId}/form-editor/${formId}/${what}`, {
      ...(form
        ? {
            payload: new URLSearchParams(body as Record<string, string>).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : body !== undefined
          ? { body }
          : {}),
    });
  const contacts = async () =>
    (await f.api('GET', '/data/Contacts?pageSize=100')).json() as Array<Record<string, unknown>>;
  const source = {
    name: 'Sign up',
    table: 'Contacts',
    fields: [
      { name: 'name', label: `Your name ${XSS}`, required: true },
      { name: 'age', label: 'Age' },
      { name: 'subscribed', label: 'Newsletter' },
      { name: 'bio' },
    ],
    submitLabel: 'Send',
  };
  let formId: string;

  beforeAll(async () => {
    f = await appFixture(server());
    base = `/api/node-server/manage/app/${f.appId}/form-editor`;
    await f.table('Contacts', [
      { name: 'name', dataType: 'STRING' },
      { name: 'age', dataType: 'INT' },
      { name: 'subscribed', dataType: 'BOOLEAN' },
      { name: 'bio', dataType: 'TEXT' },
      { name: 'location', dataType: 'POINT' },
    ]);
  });

  describe('the editor', () => {
    it('saves a form bound to the columns of a table, lists and updates it', async () => {
      const created = await dev('POST', '/form', { formSource: source, appSettings: {} });
      expect(created.statusCode).toBe(200);
      const form = created.json();
      formId = form.id;
      expect(form).toMatchObject({
        name: 'Sign up',
        table: 'Contacts',
        submitLabel: 'Send',
        appSettings: { open: true, role: null },
      });
      expect(form.url).toContain(`/api/app/${f.appId}/form-editor/${form.id}/view`);
      expect(form.fields.map((x: { name: string }) => x.name)).toEqual(['name', 'age', 'subscribed', 'bio']);
      const updated = await dev('PUT', `/form/${formId}`, {
        formSource: { ...source, id: formId, successMessage: 'Thanks!' },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().successMessage).toBe('Thanks!');
      const list = await dev('GET', '');
      expect(list.json().map((x: { id: string }) => x.id)).toEqual([formId]);
    });

    it('refuses a field that is not a writable column, a missing table or role, naming the field; nothing is saved', async () => {
      const bad = async (body: unknown, field: string) => {
        const res = await dev('POST', '/form', body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().details.fields[0].field).toBe(field);
      };
      await bad({ formSource: { ...source, name: 'x', table: 'Nope' } }, 'table');
      await bad(
        { formSource: { ...source, name: 'x', fields: [{ name: 'name' }, { name: 'ghost' }] } },
        'fields.1.name',
      );
      await bad({ formSource: { ...source, name: 'x', fields: [{ name: 'objectId' }] } }, 'fields.0.name');
      await bad({ formSource: { ...source, name: 'x', fields: [{ name: 'location' }] } }, 'fields.0.name');
      await bad({ formSource: { ...source, name: 'x', fields: [{ name: 'age' }, { name: 'age' }] } }, 'fields.1.name');
      await bad({ formSource: { ...source, name: 'x' }, appSettings: { role: 'NoSuchRole' } }, 'appSettings.role');
      expect((await dev('POST', '/form', { formSource: { ...source, fields: [] } })).statusCode).toBe(400);
      expect((await dev('POST', '/form', { formSource: { ...source, name: 'y'.repeat(101) } })).statusCode).toBe(400);
      expect((await dev('POST', '/form', { nothing: true })).statusCode).toBe(400);
      const taken = await dev('POST', '/form', { formSource: source });
      expect(taken.statusCode).toBe(409);
      expect((await dev('PUT', '/form/no-such-form', { formSource: source })).statusCode).toBe(404);
      expect((await dev('GET', '')).json()).toHaveLength(1);
      // Without the developer's key the editor answers nothing.
      expect((await server().call('GET', base)).statusCode).toBe(401);
    });
  });

  describe('launched', () => {
    it('renders the form as a page without script, every label escaped', async () => {
      const res = await pub('GET', formId, 'view');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'none'");
      expect(res.body).toContain('Your name &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(res.body).not.toContain(XSS);
      expect(res.body).not.toMatch(/<script/i);
      expect(res.body).toMatch(/<input type="number" id="f1" name="age"/);
      expect(res.body).toMatch(/<input type="checkbox" id="f2" name="subscribed"/);
      expect(res.body).toMatch(/<textarea id="f3" name="bio"/);
      expect(res.body).toContain('action="submit"');
      expect((await pub('GET', 'no-such-form', 'view')).statusCode).toBe(404);
      expect((await server().call('GET', `/api/app/${f.appId}/form-editor/${'x'.repeat(300)}/view`)).statusCode).toBe(
        404,
      );
    });

    it('writes a record from a submission; a bad value is refused with the field named and writes nothing', async () => {
      const ok = await pub('POST', formId, 'submit', { name: 'Ada', age: '36', subscribed: 'on', bio: XSS });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().objectId).toMatch(/./);
      const rows = await contacts();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Ada', age: 36, subscribed: true, bio: XSS });

      const bad = await pub('POST', formId, 'submit', { name: 'Bob', age: 'forty' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION');
      expect(bad.json().details.fields).toEqual([
        { field: 'age', code: 'VALIDATION', message: 'Age must be a whole number' },
      ]);
      const missing = await pub('POST', formId, 'submit', { age: '3.5' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details.fields.map((x: { field: string }) => x.field)).toEqual(['name', 'age']);
      expect((await pub('POST', formId, 'submit', { name: { $ne: 1 } })).statusCode).toBe(400);
      expect(await contacts()).toHaveLength(1);
    });

    it("answers a browser's post with the page: errors under their fields, or the success message", async () => {
      const bad = await pub('POST', formId, 'submit', { name: 'Cy', age: 'x' }, true);
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toContain('text/html');
      expect(bad.body).toContain('<div class="err" id="f1-err">Age must be a whole number</div>');
      expect(bad.body).toContain('value="Cy"');
      const ok = await pub('POST', formId, 'submit', { name: 'Cy', age: '7' }, true);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('Thanks!');
      expect((await contacts()).map((r) => r.name).sort()).toEqual(['Ada', 'Cy']);
    });

    it('writes nothing for a filled honeypot, and nothing for an anonymous visitor the table refuses', async () => {
      const bot = await pub('POST', formId, 'submit', { name: 'Bot', __website: 'http://spam' });
      expect(bot.statusCode).toBe(200);
      expect((await contacts()).some((r) => r.name === 'Bot')).toBe(false);

      const { tableId } = (await (await f.console('GET', '/data/tables')).json()).tables.find(
        (t: { name: string }) => t.name === 'Contacts',
      );
      const anonymous = await f.roleId('NotAuthenticatedUser');
      const deny = await f.console('PUT', `/security/data/${tableId}/roles/${anonymous}`, {
        permissions: [{ operation: 'Create', access: 'DENY' }],
      });
      expect(deny.statusCode).toBe(200);
      const refused = await pub('POST', formId, 'submit', { name: 'Eve' });
      expect(refused.statusCode).toBe(403);
      expect((await contacts()).some((r) => r.name === 'Eve')).toBe(false);

      // The form's role writes instead of the anonymous visitor.
      expect((await f.console('PUT', '/security/roles/FormWriters')).statusCode).toBe(200);
      const withRole = await dev('PUT', `/form/${formId}`, {
        formSource: source,
        appSettings: { role: 'FormWriters' },
      });
      expect(withRole.json().appSettings.role).toBe('FormWriters');
      const written = await pub('POST', formId, 'submit', { name: 'Eve' });
      expect(written.statusCode, written.body).toBe(200);
      expect((await contacts()).some((r) => r.name === 'Eve')).toBe(true);
    });

    it('a closed or deleted form answers 404', async () => {
      await dev('PUT', `/form/${formId}`, { formSource: source, appSettings: { open: false } });
      expect((await pub('GET', formId, 'view')).statusCode).toBe(404);
      expect((await pub('POST', formId, 'submit', { name: 'Zed' })).statusCode).toBe(404);
      expect((await dev('DELETE', `/form/${formId}`)).json()).toEqual({ success: true });
      expect((await dev('DELETE', `/form/${formId}`)).statusCode).toBe(404);
      expect((await dev('GET', '')).json()).toEqual([]);
    });
  });
});

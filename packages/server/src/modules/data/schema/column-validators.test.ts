import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';

const EMAIL = '[^@\\s]+@[^@\\s]+\\.[^@\\s]+';

describeEachDb('column validators', (server) => {
  let f: AppFixture;
  const ok = async (res: { statusCode: number; body: string; json(): any }) => {
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const refused = (res: { statusCode: number; body: string; json(): any }, text: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(text);
    return res.json();
  };

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Contact', [{ name: 'name', dataType: 'STRING' }]);
    await ok(
      await f.console('POST', '/data/tables/Contact/columns', { name: 'email', dataType: 'STRING', customRegex: EMAIL }),
    );
  });

  it('lists the predefined validators without an app id, and each accepts its own example', async () => {
    const res = await server().call('GET', '/console/datavalidators', { authKey: f.dev.authKey });
    const list = await ok(res);
    expect(list.map((v: { name: string }) => v.name)).toEqual(
      expect.arrayContaining(['email', 'url', 'phone', 'uuid', 'zipUS', 'ipv4', 'hexColor']),
    );
    const email = list.find((v: { name: string }) => v.name === 'email');
    expect(email).toMatchObject({ title: 'Email address', regex: expect.any(String), example: 'ada@example.com' });
    expect((await server().call('GET', '/console/datavalidators')).statusCode).toBe(401);

    // Every predefined expression is valid, and its example passes the check of a real write.
    await f.table('Samples', []);
    for (const v of list) {
      await ok(
        await f.console('POST', '/data/tables/Samples/columns', { name: v.name, dataType: 'STRING', customRegex: v.regex }),
      );
    }
    const record = Object.fromEntries(list.map((v: { name: string; example: string }) => [v.name, v.example]));
    await ok(await f.api('POST', '/data/Samples', { body: record }));
    refused(await f.api('POST', '/data/Samples', { body: { phone: '555-1234' } }), "column 'phone'");
    refused(await f.api('POST', '/data/Samples', { body: { ipv4: '256.1.1.1' } }), "column 'ipv4'");
  });

  it('answers the validator in the table schema and in the app API description', async () => {
    const { tables } = await ok(await f.console('GET', '/data/tables'));
    const contact = tables.find((t: { name: string }) => t.name === 'Contact');
    expect(contact.columns.find((c: { name: string }) => c.name === 'email').customRegex).toBe(EMAIL);
    expect(contact.columns.find((c: { name: string }) => c.name === 'name').customRegex).toBeNull();
    const props = await ok(await f.api('GET', '/data/Contact/properties'));
    expect(props.find((c: { name: string }) => c.name === 'email').customRegex).toBe(EMAIL);
    expect(props.find((c: { name: string }) => c.name === 'name').customRegex).toBeNull();
  });

  it('refuses an invalid expression, a validator on a non-text column and a default that does not match', async () => {
    const bad = refused(
      await f.console('POST', '/data/tables/Contact/columns', { name: 'code', dataType: 'STRING', customRegex: '(ab' }),
      "column 'code'",
    );
    expect(bad.message).toContain('not a valid regular expression');
    expect(bad.details.fields[0].field).toBe('customRegex');
    refused(
      await f.console('POST', '/data/tables/Contact/columns', { name: 'code', dataType: 'STRING', customRegex: '(?=a)b' }),
      'not a valid regular expression',
    );
    refused(
      await f.console('POST', '/data/tables/Contact/columns', { name: 'age', dataType: 'INT', customRegex: '[0-9]+' }),
      'only text columns',
    );
    refused(
      await f.console('POST', '/data/tables/Contact/columns', {
        name: 'zip',
        dataType: 'STRING',
        customRegex: '[0-9]{5}',
        defaultValue: 'none',
      }),
      "column 'zip'",
    );
    const { tables } = await ok(await f.console('GET', '/data/tables'));
    const names = tables.find((t: { name: string }) => t.name === 'Contact').columns.map((c: { name: string }) => c.name);
    expect(names).not.toContain('code');
    expect(names).not.toContain('age');
    expect(names).not.toContain('zip');
  });

  it('checks values written through the app API: create, update, bulk, upsert, transactions', async () => {
    const made = await ok(await f.api('POST', '/data/Contact', { body: { name: 'Ada', email: 'ada@example.com' } }));
    expect(made.email).toBe('ada@example.com');
    // Null is not checked: `required` decides whether a value must be there.
    await ok(await f.api('POST', '/data/Contact', { body: { name: 'Nobody', email: null } }));

    const create = refused(await f.api('POST', '/data/Contact', { body: { email: 'not an email' } }), "column 'email'");
    expect(create.message).toContain("'not an email'");
    expect(create.details.fields[0].field).toBe('email');
    refused(await f.api('PUT', `/data/Contact/${made.objectId}`, { body: { email: 'broken' } }), "column 'email'");
    refused(
      await f.api('POST', '/data/bulk/Contact', { body: [{ email: 'b@example.com' }, { email: 'nope' }] }),
      "column 'email'",
    );
    refused(
      await f.api('PUT', '/data/bulk/Contact', { body: { email: 'nope' } }),
      "column 'email'",
    );
    refused(
      await f.api('PUT', '/data/Contact/upsert', { body: { objectId: made.objectId, email: 'nope' } }),
      "column 'email'",
    );
    refused(
      await f.api('PUT', '/data/bulkupsert/Contact', { body: [{ objectId: made.objectId, email: 'nope' }] }),
      "column 'email'",
    );
    const unit = await ok(
      await f.api('POST', '/transaction/unit-of-work', {
        body: {
          operations: [
            { operationType: 'CREATE', table: 'Contact', opResultId: 'c1', payload: { name: 'Fine', email: 'f@x.io' } },
            { operationType: 'CREATE', table: 'Contact', opResultId: 'c2', payload: { name: 'Bad', email: 'bad' } },
          ],
        },
      }),
    );
    expect(unit.success).toBe(false);
    expect(JSON.stringify(unit.error)).toContain("column 'email'");

    // Nothing refused was written, the stored record kept its value.
    const rows = await ok(await f.api('GET', '/data/Contact?pageSize=100'));
    expect(rows.map((r: { email: string | null }) => r.email).sort()).toEqual([null, 'ada@example.com'].sort());
    const still = await ok(await f.api('GET', `/data/Contact/${made.objectId}`));
    expect(still.email).toBe('ada@example.com');
    await ok(await f.api('PUT', `/data/Contact/${made.objectId}`, { body: { email: 'ada@example.org' } }));
  });

  it('checks values written through the console data API, and a validator can be changed or removed', async () => {
    refused(await f.console('POST', '/data/Contact', { email: 'console bad' }), "column 'email'");
    await ok(await f.console('POST', '/data/Contact', { email: 'console@example.com' }));

    const changed = await ok(
      await f.console('PUT', '/data/tables/Contact/columns/name', { name: 'name', customRegex: '[A-Z][a-z]+' }),
    );
    expect(changed.customRegex).toBe('[A-Z][a-z]+');
    // The whole value must match, not a part of it.
    refused(await f.api('POST', '/data/Contact', { body: { name: 'Ada Lovelace' } }), "column 'name'");
    await ok(await f.api('POST', '/data/Contact', { body: { name: 'Grace' } }));
    refused(
      await f.console('PUT', '/data/tables/Contact/columns/name', { name: 'name', customRegex: '[a-' }),
      "column 'name'",
    );

    const removed = await ok(await f.console('PUT', '/data/tables/Contact/columns/name', { name: 'name', customRegex: null }));
    expect(removed.customRegex).toBeNull();
    await ok(await f.api('POST', '/data/Contact', { body: { name: 'Ada Lovelace' } }));
  });

  it('evaluates a pathological expression in linear time and answers correctly', async () => {
    await ok(
      await f.console('POST', '/data/tables/Contact/columns', { name: 'note', dataType: 'TEXT', customRegex: '(a+)+$' }),
    );
    // A backtracking engine takes exponential time on this input; RE2 answers the mismatch.
    const evil = `${'a'.repeat(30_000)}!`;
    refused(await f.api('POST', '/data/Contact', { body: { note: evil } }), "column 'note'");
    const fine = await ok(await f.api('POST', '/data/Contact', { body: { note: 'a'.repeat(30_000) } }));
    expect(fine.note).toHaveLength(30_000);
    // Past the length a validated column checks, a value is refused rather than matched.
    refused(await f.api('POST', '/data/Contact', { body: { note: 'a'.repeat(70_000) } }), 'longer than 65535');
  });
});

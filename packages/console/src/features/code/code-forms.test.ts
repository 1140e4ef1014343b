import { describe, expect, it } from 'vitest';
import type { ServiceConfigValue } from '@basalt/shared';
import { SECRET_MASK, bodyOf, defaultText, draftOf, isDirty, kindOf, orderedItems } from './config-form';
import { lambdaBodyOf, emptyLambdaForm } from './lambda-form';
import { indexAt } from './chain-drag';

const items: ServiceConfigValue[] = [
  { name: 'apiKey', displayName: 'API key', type: 'PASSWORD', required: true, value: SECRET_MASK, order: 2 },
  { name: 'live', type: 'BOOL', value: false, defaultValue: false, order: 1 },
  { name: 'mode', type: 'CHOICE', options: ['test', 'live'], defaultValue: 'test', value: 'test' },
  { name: 'since', type: 'DATE', value: null },
  { name: 'notes', type: 'TEXT', value: null },
  // A STRING item flagged secret is treated as one (the server's `isSecret`).
  { name: 'token', type: 'STRING', value: null, ...{ secret: true } },
];

describe('service configuration form', () => {
  it('draws each item by its type and declared order', () => {
    expect(items.map(kindOf)).toEqual(['secret', 'bool', 'choice', 'date', 'text', 'secret']);
    expect(orderedItems(items).map((i) => i.name)).toEqual(['live', 'apiKey', 'mode', 'since', 'notes', 'token']);
    expect(defaultText(items[2]!)).toBe('Default: test');
    expect(defaultText(items[1]!)).toBe('Default: off');
  });

  it('leaves a stored secret out of the body unless it is replaced, and never sends the mask', () => {
    const draft = draftOf(items);
    expect(draft.apiKey).toEqual({ value: '', stored: true, replacing: false });
    const { body, errors } = bodyOf(items, draft);
    expect(errors).toEqual({});
    expect(body).toEqual({ live: false, mode: 'test', since: '', notes: '', token: '' });
    expect(Object.values(body)).not.toContain(SECRET_MASK);

    const replacing = { ...draft, apiKey: { value: '', stored: true, replacing: true } };
    expect(bodyOf(items, replacing).errors.apiKey).toMatch(/new value/);
    expect(isDirty(draft, replacing)).toBe(true);
    const typedMask = { ...draft, token: { value: SECRET_MASK, stored: false, replacing: false } };
    expect(bodyOf(items, typedMask).errors.token).toMatch(/mask/);
    const replaced = { ...draft, apiKey: { value: 's3cret', stored: true, replacing: true } };
    expect(bodyOf(items, replaced).body.apiKey).toBe('s3cret');
    // Keep after typing: back to unchanged.
    expect(isDirty(draft, { ...draft, apiKey: { value: '', stored: true, replacing: false } })).toBe(false);
  });

  it('sends dates as epoch milliseconds and emptied items as empty text', () => {
    const draft = draftOf([...items, { name: 'url', type: 'STRING', required: true, value: null }]);
    draft.since = { value: '2026-03-04T05:06:07', stored: false, replacing: false };
    const all = [...items, { name: 'url', type: 'STRING', required: true, value: null }];
    const { body, errors } = bodyOf(all, draft);
    expect(body.since).toBe(new Date(2026, 2, 4, 5, 6, 7).getTime());
    expect(errors).toEqual({});
    expect(body.url).toBe('');
    expect(draftOf([{ name: 'since', type: 'DATE', value: body.since }]).since!.value).toBe('2026-03-04T05:06:07');
  });
});

describe('Lambda service form', () => {
  it('names the fields to fix with the server’s field names', () => {
    const { errors } = lambdaBodyOf({ ...emptyLambdaForm(), region: 'Europe' });
    expect(errors).toEqual({
      accessKeyId: 'Required',
      secretAccessKey: 'Required',
      region: 'An AWS region such as us-east-1',
      'functions[0].name': 'Required',
    });
  });

  it('builds the body with optional parts left out and parameters split', () => {
    const { body, errors } = lambdaBodyOf({
      ...emptyLambdaForm(),
      accessKeyId: ' AKIA1 ',
      secretAccessKey: 'sec ret',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9001',
      functions: [
        { name: 'echo', alias: '', methodName: '', params: '' },
        { name: 'add', alias: 'prod', methodName: 'sum', params: 'a, b c' },
      ],
    });
    expect(errors).toEqual({});
    expect(body).toEqual({
      accessKeyId: 'AKIA1',
      secretAccessKey: 'sec ret',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9001',
      functions: [{ name: 'echo' }, { name: 'add', alias: 'prod', methodName: 'sum', params: ['a', 'b', 'c'] }],
    });
  });
});

describe('chain drag', () => {
  it('finds the row under the pointer, or the nearest end', () => {
    const rects = [
      { top: 0, bottom: 40 },
      { top: 44, bottom: 84 },
      { top: 88, bottom: 128 },
    ];
    expect(indexAt(rects, 10)).toBe(0);
    expect(indexAt(rects, 100)).toBe(2);
    expect(indexAt(rects, -20)).toBe(0);
    expect(indexAt(rects, 500)).toBe(2);
    expect(indexAt(rects, 42)).toBe(0);
    expect(indexAt(rects, 43)).toBe(1);
    expect(indexAt([], 5)).toBe(0);
  });
});

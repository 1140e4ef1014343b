import { describe, expect, it } from 'vitest';
import { parseWhere } from '../where/parser.js';
import { bindWhereParams } from './data-sources.js';
import { validatePageDocument, documentUids, uiIssuesMessage } from './validate.js';
import { BUILTIN_COMPONENTS, isSafeUrl } from './components.js';
import { isUiName, uiNameProblem } from './names.js';
import type { PageDocument, UiNode } from './document.js';

const tables = (name: string) =>
  name === 'Orders' ? { columns: ['objectId', 'name', 'amount', 'customer'] } : undefined;

const ordersPage = (): PageDocument => ({
  dataSources: [{ id: 'orders', kind: 'table', table: 'Orders', sortBy: 'amount desc', pageSize: 20 }],
  children: [
    { uid: 'h1', type: 'Heading', props: { text: 'Orders', level: 1 } },
    {
      uid: 'table1',
      type: 'DataTable',
      props: { data: { $data: 'orders' }, columns: [{ field: 'name', label: 'Name' }, { field: 'amount' }] },
      styles: { normal: { color: 'var(--bsl-text)' }, hover: { 'background-color': '#eee' } },
      classList: ['orders'],
    },
  ],
});

const codes = (doc: unknown, opts = { tables }) => validatePageDocument(doc, opts).issues.map((i) => i.code);

describe('page document validation', () => {
  it('accepts a page with a DataTable bound to a data source and fills in the version', () => {
    const { document, issues } = validatePageDocument(ordersPage(), { tables });
    expect(issues).toEqual([]);
    expect(document.version).toBe(1);
    expect(documentUids(document)).toEqual(new Set(['h1', 'table1']));
  });

  it('names an unknown component type', () => {
    const doc = ordersPage();
    doc.children.push({ uid: 'x', type: 'Marquee' });
    const { issues } = validatePageDocument(doc, { tables });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'UNKNOWN_COMPONENT', path: 'children[2].type' });
    expect(uiIssuesMessage(issues)).toContain('"Marquee"');
  });

  it('refuses a where that is not one condition, an unknown column and an undeclared parameter', () => {
    const doc = ordersPage();
    doc.dataSources![0].where = 'amount > 1; DROP TABLE Orders';
    expect(codes(doc)).toEqual(['BAD_WHERE']);
    doc.dataSources![0].where = 'secret = 1';
    expect(codes(doc)).toEqual(['UNKNOWN_COLUMN']);
    doc.dataSources![0].where = 'amount > $min';
    expect(codes(doc)).toEqual(['UNKNOWN_PARAM']);
    doc.dataSources![0].params = { min: { $path: 'route.min' } };
    expect(codes(doc)).toEqual([]);
    doc.dataSources![0].sortBy = 'nope desc';
    expect(codes(doc)).toEqual(['UNKNOWN_COLUMN']);
    doc.dataSources![0].sortBy = 'amount desc';
    doc.dataSources![0].table = 'Nope';
    expect(codes(doc)).toEqual(['UNKNOWN_TABLE']);
  });

  it('binds parameters as literals, never as text', () => {
    const cond = parseWhere('amount > $min AND name = $name')!;
    const bound = bindWhereParams(cond, { min: 5, name: "x' OR 1=1 --" });
    expect(JSON.stringify(bound)).toContain(`"value":"x' OR 1=1 --"`);
    expect(JSON.stringify(bound)).not.toContain('"$name"');
    // A parameter without a value binds null, so it matches nothing rather than everything.
    expect(JSON.stringify(bindWhereParams(parseWhere('name = $missing')!, {}))).toContain('"value":null');
  });

  it('refuses unknown bindings, $data of an unknown source and bad paths', () => {
    const doc = ordersPage();
    doc.children.push({ uid: 't', type: 'Text', props: { text: { $eval: 'alert(1)' } as never } });
    doc.children.push({ uid: 't2', type: 'Text', props: { text: { $path: 'window.location' } } });
    doc.children.push({ uid: 't3', type: 'DataTable', props: { data: { $data: 'nope' } } });
    doc.children.push({ uid: 't4', type: 'Text', props: { text: { $data: 'orders' } } });
    expect(codes(doc)).toEqual(['UNKNOWN_BINDING', 'UNKNOWN_BINDING', 'UNKNOWN_DATA_SOURCE', 'UNKNOWN_BINDING']);
  });

  it('refuses unknown i18n keys when the keys are known', () => {
    const doc: PageDocument = { children: [{ uid: 'a', type: 'Text', props: { text: { $t: 'hello' } } }] };
    expect(validatePageDocument(doc, { i18nKeys: new Set(['hi']) }).issues.map((i) => i.code)).toEqual([
      'UNKNOWN_I18N_KEY',
    ]);
    expect(validatePageDocument(doc, { i18nKeys: new Set(['hello']) }).issues).toEqual([]);
  });

  it('checks property names and literal types, styles, classes and children', () => {
    const doc: PageDocument = {
      children: [
        { uid: 'a', type: 'Heading', props: { text: 'x', level: 9, colour: 'red' } },
        { uid: 'b', type: 'Link', props: { href: 'javascript:alert(1)' } },
        { uid: 'c', type: 'Text', styles: { normal: { color: 'red}</style><script>' } } },
        { uid: 'd', type: 'Text', classList: ['ok', 'not ok'] },
        { uid: 'e', type: 'Text', children: [{ uid: 'f', type: 'Text' }] },
        { uid: 'a', type: 'Block' },
      ],
    };
    expect(codes(doc)).toEqual([
      'BAD_PROP',
      'UNKNOWN_PROP',
      'BAD_PROP',
      'BAD_STYLE',
      'BAD_STYLE',
      'BAD_CHILDREN',
      'DUPLICATE_UID',
    ]);
  });

  it('enforces the node count, depth and size limits', () => {
    const many: UiNode[] = Array.from({ length: 5001 }, (_, i) => ({ uid: `n${i}`, type: 'Text' }));
    expect(codes({ children: many })).toEqual(['TOO_MANY_NODES']);
    let deep: UiNode = { uid: 'leaf', type: 'Text' };
    for (let i = 0; i < 70; i++) deep = { uid: `b${i}`, type: 'Block', children: [deep] };
    expect(codes({ children: [deep] })).toEqual(['TOO_DEEP']);
    const big = {
      children: [{ uid: 'a', type: 'Text', props: { text: 'x'.repeat(99_000) } }],
      data: { blob: 'é'.repeat(1_100_000) },
    };
    expect(codes(big)).toEqual(['TOO_LARGE']);
  });

  it('finds components that include each other', () => {
    const docs: Record<string, PageDocument> = {
      'reusable:a': { children: [{ uid: 'x', type: 'reusable:b' }] },
      'reusable:b': { children: [{ uid: 'y', type: 'reusable:a' }] },
    };
    const components = (t: string) => (docs[t] ? { document: docs[t] } : undefined);
    const issues = validatePageDocument({ children: [{ uid: 'r', type: 'reusable:a' }] }, { components }).issues;
    expect(issues.map((i) => i.code)).toEqual(['COMPONENT_CYCLE']);
    expect(issues[0].message).toContain('reusable:a → reusable:b → reusable:a');
    const self = validatePageDocument(docs['reusable:a'], { components, selfType: 'reusable:b' }).issues;
    expect(self.map((i) => i.code)).toEqual(['COMPONENT_CYCLE']);
  });

  it('has the built-in registry and the name and URL rules', () => {
    expect(BUILTIN_COMPONENTS.map((c) => c.type)).toEqual([
      'Block',
      'Text',
      'Heading',
      'Image',
      'Link',
      'Button',
      'Input',
      'Select',
      'Checkbox',
      'Form',
      'DataTable',
      'List',
      'Modal',
      'PageOutlet',
      'Chart',
    ]);
    for (const n of ['shop', 'a-b_1', '404']) expect(isUiName(n)).toBe(true);
    for (const n of ['../x', 'a b', '', '-a', 'a/b', 'a%2F', 'x'.repeat(51)])
      expect(uiNameProblem('container', n)).toMatch(/not valid/);
    for (const u of ['/orders', 'orders?x=1', 'https://x.org', 'mailto:a@b.c', '#top']) expect(isSafeUrl(u)).toBe(true);
    for (const u of ['javascript:alert(1)', ' JavaScript:x', 'data:text/html,x', '//evil.org'])
      expect(isSafeUrl(u)).toBe(false);
  });
});

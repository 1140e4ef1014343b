import { describe, expect, it } from 'vitest';
import { parseExpression } from './expression.js';
import { parseProps, parseWhere } from './parser.js';
import { WhereSyntaxError } from './tokenizer.js';

describe('inline update expressions', () => {
  it('parses + - * / with precedence, unary minus and parentheses', () => {
    const e = parseExpression('(a + 2) * -b / `odd name` - 1.5e2');
    expect(e).toMatchObject({
      kind: 'binary',
      op: '-',
      left: {
        kind: 'binary',
        op: '/',
        left: {
          kind: 'binary',
          op: '*',
          left: { kind: 'binary', op: '+' },
          right: { kind: 'negate', expr: { kind: 'column', name: 'b' } },
        },
        right: { kind: 'column', name: 'odd name' },
      },
      right: { kind: 'number', value: 150 },
    });
  });

  it.each([
    ['a +', 'ends'],
    ['a; drop', "';'"],
    ["a + 'x'", "'''"],
    ['a -- b', 'Comments'],
    ['f(a)', "'('"],
    ['(a', "')'"],
    ['', 'empty'],
    ['1a', 'Invalid number'],
  ])('refuses %j naming the problem', (text, says) => {
    expect(() => parseExpression(text)).toThrow(WhereSyntaxError);
    expect(() => parseExpression(text)).toThrow(says);
  });

  it('holds the nesting and size limits', () => {
    expect(() => parseExpression(`${'('.repeat(100)}a${')'.repeat(100)}`)).toThrow(/deeper/);
    expect(() => parseExpression(Array(1002).fill('a').join('+'))).toThrow(/more than/);
    expect(() => parseExpression('a'.repeat(10_001))).toThrow(/limit/);
  });
});

describe('JSON paths in where', () => {
  it("reads column->'path' (and ->>) as a column with a JSON path", () => {
    expect(parseWhere("profile->'$.address.city' = 'NY'")).toMatchObject({
      kind: 'compare',
      left: { kind: 'column', path: ['profile'], json: { path: '$.address.city' } },
    });
    expect(parseWhere("p->>'$.a' > 1")).toMatchObject({ left: { json: { path: '$.a' } } });
  });

  it("reads column->'path' [as alias] in props", () => {
    expect(parseProps("name, doc->'$.a[0]' as first, doc->'$.b'")).toMatchObject([
      { kind: 'column', column: { path: ['name'] } },
      { kind: 'column', column: { path: ['doc'], json: { path: '$.a[0]' } }, alias: 'first' },
      { kind: 'column', column: { path: ['doc'], json: { path: '$.b' } }, alias: null },
    ]);
  });

  it('needs a quoted path after ->', () => {
    expect(() => parseWhere('p-> = 1')).toThrow(/JSON path in quotes/);
  });
});

/**
 * Untrusted workspaces: whatever text, names and numbers the JSON holds stay data in the generated
 * code, and malformed or oversized workspaces are refused with a CodelessError naming the block.
 */
import { describe, expect, it } from 'vitest';
import { blk, getVar, num, param, ret, run, setVar, txt, workspace } from './codeless.test-helpers.js';
import { CodelessError, generateCodeless, type CodelessBlock, type CodelessState } from './index.js';

const HOSTILE = [
  "'); process.exit(); ('",
  '"); process.exit(); ("',
  '${process.exit()}',
  '`; process.exit(); `',
  'line\u2028separator\u2029paragraph',
  '</script><script>alert(1)</script>',
  '<!-- -->',
  'back\\slash\\',
  '\\u0022; x(); \\u0022',
  'lone \ud800 surrogate',
  '\0nul',
  '*/ x(); /*',
];

function refused(state: unknown, kind: 'method' | 'handler' | 'function' = 'method', params?: string[]): CodelessError {
  try {
    generateCodeless(state, { kind, ...(params ? { params } : {}) });
  } catch (e) {
    expect(e).toBeInstanceOf(CodelessError);
    return e as CodelessError;
  }
  throw new Error('the workspace was accepted');
}

describe('hostile text stays data', () => {
  it.each(HOSTILE)('a text block holding %j answers exactly that text', async (s) => {
    const state = workspace('method', [
      ret(blk('text_join', undefined, { ADD0: txt(s), ADD1: txt(s) }, { itemCount: 2 })),
    ]);
    const { value, generated } = await run(state, 'method');
    expect(value).toBe(s + s);
    expect(generated.body).not.toMatch(/<\/script|<!--|\u2028|\u2029/i);
  });

  it.each(HOSTILE)('names holding %j reach the API as plain strings', async (s) => {
    const state = workspace('handler', [
      blk('basalt_data_remove', { TABLE: s }, { OBJECT: txt('id1') }),
      blk('basalt_handler_set_item_field', { KEY: s }, { VALUE: param(s) }),
      ret(
        blk(
          'lists_create_with',
          undefined,
          {
            ADD0: blk('basalt_context_header', { NAME: s }),
            ADD1: blk('basalt_context_config', { NAME: s }),
            ADD2: blk('basalt_invoke_service', { SERVICE: s, METHOD: s }),
            ADD3: blk('basalt_call_function', { FUNCTION: s }),
            ADD4: blk('basalt_object_get', undefined, { OBJECT: blk('basalt_handler_item'), KEY: txt(s) }),
          },
          { itemCount: 5 },
        ),
      ),
    ]);
    const item: Record<string, unknown> = {};
    const { value, calls, generated } = await run(state, 'handler', {
      params: { [s]: 'p' },
      ctx: { httpHeaders: { [s.toLowerCase()]: 'h' }, configurationItems: { [s]: 'c' } },
      req: { item },
      fn: { [s]: async () => 'f' },
      answers: { 'services.invoke': (a) => [a.service, a.method] },
    });
    expect(value).toEqual(['h', 'c', [s, s], 'f', 'p']);
    expect(item[s]).toBe('p');
    expect(calls[0]).toEqual({ op: 'data.remove', args: { table: s, id: 'id1' } });
    expect(generated.services).toEqual([`${s}.${s}`]);
    expect(generated.functions).toEqual([s]);
  });

  it('variables named like reserved words, scope names and prototype keys are ordinary variables', async () => {
    const names = [
      'constructor',
      '__proto__',
      '$params',
      'await',
      'let',
      'basalt',
      '$fn',
      'x',
      'x!',
      'v_x_1',
      'größe',
      '',
    ];
    const variables = Object.fromEntries(names.map((n, i) => [`id${i}`, n]));
    const state = workspace(
      'method',
      [
        ...names.map((_, i) => setVar(`id${i}`, num(i))),
        ret(
          blk('lists_create_with', undefined, Object.fromEntries(names.map((_, i) => [`ADD${i}`, getVar(`id${i}`)])), {
            itemCount: names.length,
          }),
        ),
      ],
      { variables },
    );
    const params = { keep: 1 };
    const { value, generated } = await run(state, 'method', { params });
    expect(value).toEqual(names.map((_, i) => i));
    expect(params).toEqual({ keep: 1 });
    for (const decl of generated.body.match(/\bv_\w+/g) ?? []) expect(decl).toMatch(/^v_[A-Za-z0-9_]*_\d+$/);
  });

  it('a number field must be a finite number; "1;x()" and friends are refused naming the block', () => {
    for (const bad of ['1;x()', 'NaN', 'Infinity', '1e400', '', '0x', null, {}, [1], true]) {
      const n = blk('math_number', { NUM: bad });
      const e = refused(workspace('method', [ret(n)]));
      expect(e.blockId).toBe(n.id);
      expect(e.blockType).toBe('math_number');
      expect(e.message).toContain('NUM');
    }
  });

  it('a number field given as a numeric text is read as that number', async () => {
    expect((await run(workspace('method', [ret(blk('math_number', { NUM: ' 42.5 ' }))]), 'method')).value).toBe(42.5);
    expect((await run(workspace('method', [ret(blk('math_number', { NUM: -0 }))]), 'method')).value).toBe(0);
  });

  it('setting __proto__ on an object makes an own property and pollutes no prototype', async () => {
    const state = workspace(
      'method',
      [
        setVar('o', blk('basalt_object_new')),
        blk('basalt_object_set', undefined, {
          OBJECT: getVar('o'),
          KEY: txt('__proto__'),
          VALUE: blk('basalt_object_from_json', undefined, { TEXT: txt('{"polluted":1}') }),
        }),
        ret(
          blk(
            'lists_create_with',
            undefined,
            {
              ADD0: blk('basalt_object_get', undefined, { OBJECT: getVar('o'), KEY: txt('polluted') }),
              ADD1: blk('basalt_object_to_json', undefined, { OBJECT: getVar('o') }),
              ADD2: blk('basalt_object_get', undefined, { OBJECT: blk('basalt_object_new'), KEY: txt('constructor') }),
            },
            { itemCount: 3 },
          ),
        ),
      ],
      { variables: { o: 'o' } },
    );
    const { value } = await run(state, 'method');
    expect(value).toEqual([null, '{"__proto__":{"polluted":1}}', null]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a function id that is an inherited member of $fn is not a function', async () => {
    const state = workspace('method', [ret(blk('basalt_call_function', { FUNCTION: 'constructor' }))]);
    await expect(run(state, 'method', { fn: {} })).rejects.toThrow('Unknown function: constructor');
  });
});

describe('malformed workspaces are refused', () => {
  it('refuses what is not a workspace', () => {
    for (const bad of [null, 'text', 42, [], { blocks: 'x' }, { blocks: { blocks: {} } }, { blocks: { blocks: [1] } }])
      refused(bad);
    expect(refused({ blocks: { blocks: [] } }).message).toContain('no entry block');
  });

  it('names the block of an unknown type, a missing input, a bad option and a bad extraState', () => {
    const unknown = blk('procedures_callreturn');
    let e = refused(workspace('method', [ret(unknown)]));
    expect([e.blockId, e.blockType]).toEqual([unknown.id, 'procedures_callreturn']);
    expect(e.message).toContain('unknown block type');

    const missing = blk('math_arithmetic', { OP: 'ADD' }, { A: num(1) });
    e = refused(workspace('method', [ret(missing)]));
    expect(e.blockId).toBe(missing.id);
    expect(e.message).toContain('input B is empty');

    const option = blk('math_arithmetic', { OP: 'EXEC' }, { A: num(1), B: num(2) });
    e = refused(workspace('method', [ret(option)]));
    expect(e.blockId).toBe(option.id);
    expect(e.message).toContain('OP');

    for (const itemCount of [-1, 1.5, '2', 1e9]) {
      const join = blk('text_join', undefined, {}, { itemCount });
      expect(refused(workspace('method', [ret(join)])).blockId).toBe(join.id);
    }
    const xmlMutation = blk(
      'controls_if',
      undefined,
      { IF0: blk('logic_boolean', { BOOL: 'TRUE' }) },
      '<mutation elseif="1"></mutation>',
    );
    expect(refused(workspace('method', [xmlMutation])).message).toContain('extraState is not an object');
    const dropdownObject = blk('logic_boolean', { BOOL: { toString: 'TRUE' } });
    expect(refused(workspace('method', [ret(dropdownObject)])).blockId).toBe(dropdownObject.id);
  });

  it('refuses a statement used as a value and a value used as a statement', () => {
    const statement = blk('basalt_log', { LEVEL: 'INFO' }, { MESSAGE: txt('x') });
    expect(refused(workspace('method', [ret(statement)])).blockId).toBe(statement.id);
    const value = num(1);
    expect(refused(workspace('method', [value])).blockId).toBe(value.id);
  });

  it('refuses break outside a loop, handler blocks outside handlers and unknown inputs or variables', () => {
    const brk = blk('controls_flow_statements', { FLOW: 'BREAK' });
    expect(refused(workspace('method', [brk])).blockId).toBe(brk.id);
    const item = blk('basalt_handler_item');
    expect(refused(workspace('method', [ret(item)])).message).toContain('only available in handler');
    const p = param('c');
    const e = refused(workspace('method', [ret(p)]), 'method', ['a', 'b']);
    expect(e.blockId).toBe(p.id);
    expect(e.message).toContain('"c"');
    const v = getVar('nowhere');
    expect(refused(workspace('method', [ret(v)])).blockId).toBe(v.id);
    const emptyTable = blk('basalt_data_count', { TABLE: '  ' });
    expect(refused(workspace('method', [ret(emptyTable)])).message).toContain('TABLE is empty');
  });

  it('wants exactly one entry block, of the kind asked for', () => {
    const one = workspace('method', []);
    const second = { ...one.blocks!.blocks[0], id: 'second' };
    const two: CodelessState = { blocks: { blocks: [one.blocks!.blocks[0], second] } };
    expect(refused(two).blockId).toBe('second');
    const e = refused(one, 'function');
    expect(e.blockType).toBe('basalt_entry');
    expect(e.message).toContain('method');
    expect(() => generateCodeless(one, { kind: 'script' as 'method' })).toThrow(CodelessError);
  });

  it('ignores blocks outside the entry stack (even unknown ones) but still counts them', () => {
    const state = workspace('method', [ret(num(1))], { others: [blk('some_unknown_block'), num(5)] });
    expect(generateCodeless(state, { kind: 'method' }).body).toBe('return 1;');
  });
});

describe('limits', () => {
  const nested = (depth: number): CodelessBlock => {
    let b = blk('logic_boolean', { BOOL: 'TRUE' });
    for (let i = 1; i < depth; i++) b = blk('logic_negate', undefined, { BOOL: b });
    return b;
  };

  it('accepts nesting of 200 blocks and refuses 201, naming the block too deep', async () => {
    // The entry block is level 1, return level 2: 198 more blocks make 200.
    // 197 negations of true.
    expect((await run(workspace('method', [ret(nested(198))]), 'method')).value).toBe(false);
    const e = refused(workspace('method', [ret(nested(199))]));
    expect(e.message).toContain('deeper than 200');
    expect(e.blockType).toBe('logic_boolean');
  });

  it('refuses hostile nesting far beyond the limit without exhausting the stack', () => {
    expect(refused(workspace('method', [ret(nested(100_000))])).message).toContain('deeper than 200');
  });

  it('accepts 5,000 blocks in a long stack and refuses 5,001', async () => {
    const stmts = (n: number) =>
      Array.from({ length: n }, () => blk('math_change', { VAR: { id: 'c' } }, { DELTA: num(1) }));
    // entry + 2,498 × (change + its number) + return + its variable + one block aside = 5,000.
    const ok = workspace('method', [...stmts(2498), ret(getVar('c'))], { variables: { c: 'count' }, others: [num(0)] });
    expect((await run(ok, 'method')).value).toBe(2498);
    const tooMany = workspace('method', [...stmts(2499), ret(getVar('c'))], { variables: { c: 'count' } });
    expect(refused(tooMany).message).toContain('more than 5000 blocks');
  });

  it('refuses a text longer than 100,000 characters', () => {
    expect(refused(workspace('method', [ret(txt('x'.repeat(100_001)))])).message).toContain('longer than 100000');
    expect(
      generateCodeless(workspace('method', [ret(txt('x'.repeat(100_000)))]), { kind: 'method' }).body.length,
    ).toBeGreaterThan(100_000);
  });
});

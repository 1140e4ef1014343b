/**
 * One fixture workspace per block category, each with the runs that prove what it computes and the
 * bridge calls it makes (op and args exactly as the sandbox prelude sends them).
 */
import {
  blk,
  getVar,
  num,
  param,
  ret,
  setVar,
  txt,
  workspace,
  type Call,
  type RunOptions,
} from './codeless.test-helpers.js';
import type { CodelessBlock, CodelessKind, CodelessState } from './types.js';

export interface FixtureRun {
  opts?: RunOptions;
  value?: unknown;
  calls?: Call[];
  logs?: Array<{ level: string; logger: string; message: string }>;
  /** The error the run must fail with (matched with toMatchObject). */
  error?: Record<string, unknown>;
}
export interface Fixture {
  kind: CodelessKind;
  state: CodelessState;
  paramNames?: string[];
  runs: FixtureRun[];
  functions?: string[];
  services?: string[];
}

const cmp = (op: string, a: CodelessBlock, b: CodelessBlock) => blk('logic_compare', { OP: op }, { A: a, B: b });
const arith = (op: string, a: CodelessBlock, b: CodelessBlock) => blk('math_arithmetic', { OP: op }, { A: a, B: b });
const list = (...items: CodelessBlock[]) =>
  blk('lists_create_with', undefined, Object.fromEntries(items.map((b, i) => [`ADD${i}`, b])), {
    itemCount: items.length,
  });
const change = (id: string, by: CodelessBlock) => blk('math_change', { VAR: { id } }, { DELTA: by });
const json = (s: string) => blk('basalt_object_from_json', undefined, { TEXT: txt(s) });
const get = (o: CodelessBlock, k: string) => blk('basalt_object_get', undefined, { OBJECT: o, KEY: txt(k) });
const ifElse = (cond: CodelessBlock, then: CodelessBlock) => blk('controls_if', undefined, { IF0: cond, DO0: then });
const single = (op: string, n: number) => blk('math_single', { OP: op }, { NUM: num(n) });
const round = (op: string, n: number) => blk('math_round', { OP: op }, { NUM: num(n) });
const textOf = (
  type: string,
  field: Record<string, unknown>,
  input: string,
  value: CodelessBlock,
  more?: Record<string, CodelessBlock>,
) => blk(type, field, { [input]: value, ...more });
const listGet = (mode: string, where: string, l: CodelessBlock, at?: number) =>
  blk(
    'lists_getIndex',
    { MODE: mode, WHERE: where },
    { VALUE: l, ...(at !== undefined ? { AT: num(at) } : {}) },
    mode === 'REMOVE' ? { isStatement: true } : undefined,
  );
const listSet = (mode: string, where: string, l: CodelessBlock, to: CodelessBlock, at?: number) =>
  blk(
    'lists_setIndex',
    { MODE: mode, WHERE: where },
    { LIST: l, ...(at !== undefined ? { AT: num(at) } : {}), TO: to },
  );

function logic(): Fixture {
  const n = () => param('n');
  const state = workspace('method', [
    blk(
      'controls_if',
      undefined,
      {
        IF0: blk(
          'logic_operation',
          { OP: 'AND' },
          { A: cmp('GT', n(), num(10)), B: blk('logic_negate', undefined, { BOOL: cmp('EQ', n(), num(99)) }) },
        ),
        DO0: ret(txt('big')),
        IF1: blk(
          'logic_operation',
          { OP: 'OR' },
          { A: cmp('GTE', n(), num(5)), B: blk('logic_boolean', { BOOL: 'FALSE' }) },
        ),
        DO1: ret(
          blk('logic_ternary', undefined, { IF: cmp('EQ', n(), num(5)), THEN: txt('five'), ELSE: txt('medium') }),
        ),
        ELSE: ret(
          list(
            blk('logic_null'),
            blk('logic_boolean', { BOOL: 'TRUE' }),
            cmp('LTE', n(), num(0)),
            cmp('LT', n(), num(3)),
            cmp('NEQ', n(), num(1)),
          ),
        ),
      },
      { elseIfCount: 1, hasElse: true },
    ),
  ]);
  return {
    kind: 'method',
    state,
    paramNames: ['n'],
    runs: [
      { opts: { params: { n: 11 } }, value: 'big' },
      { opts: { params: { n: 99 } }, value: 'medium' },
      { opts: { params: { n: 5 } }, value: 'five' },
      { opts: { params: { n: 1 } }, value: [null, true, false, true, false] },
    ],
  };
}

function loops(): Fixture {
  const total = 'vTotal';
  const state = workspace(
    'method',
    [
      setVar(total, num(0)),
      blk('controls_repeat_ext', undefined, { TIMES: num(3), DO: change(total, num(1)) }),
      blk(
        'controls_for',
        { VAR: { id: 'vI' } },
        {
          FROM: num(1),
          TO: num(10),
          BY: num(2),
          DO: ifElse(cmp('EQ', getVar('vI'), num(7)), blk('controls_flow_statements', { FLOW: 'BREAK' })),
        },
      ),
      blk(
        'controls_for',
        { VAR: { id: 'vJ' } },
        { FROM: num(3), TO: num(1), BY: num(1), DO: change(total, getVar('vJ')) },
      ),
      blk(
        'controls_forEach',
        { VAR: { id: 'vItem' } },
        {
          LIST: list(num(1), num(2), num(3)),
          DO: ifElse(cmp('EQ', getVar('vItem'), num(2)), blk('controls_flow_statements', { FLOW: 'CONTINUE' })),
        },
      ),
      blk(
        'controls_whileUntil',
        { MODE: 'WHILE' },
        { BOOL: cmp('LT', getVar(total), num(60)), DO: change(total, num(1)) },
      ),
      blk(
        'controls_whileUntil',
        { MODE: 'UNTIL' },
        { BOOL: cmp('GTE', getVar(total), num(62)), DO: change(total, num(1)) },
      ),
      ret(getVar(total)),
    ],
    { variables: { vTotal: 'total', vI: 'i', vJ: 'j', vItem: 'item' } },
  );
  // Add the loop bodies' second statements (after the if) by hand: i and item are added to total.
  const forI = state.blocks!.blocks[0].inputs!.DO.block!.next!.block!.next!.block!;
  forI.inputs!.DO.block!.next = { block: change(total, getVar('vI')) };
  const forEach = forI.next!.block!.next!.block!;
  forEach.inputs!.DO.block!.next = { block: change(total, arith('MULTIPLY', getVar('vItem'), num(10))) };
  // 3, then 1 + 3 + 5 = 9, then 3 + 2 + 1 = 6, then 10 + 30 = 40: 58; while < 60: 60; until >= 62: 62.
  return { kind: 'method', state, runs: [{ value: 62 }] };
}

function math(): Fixture {
  const state = workspace('function', [
    ret(
      list(
        arith('ADD', num(1), num(2)),
        arith('MINUS', num(5), num(7)),
        arith('MULTIPLY', num(3), num(-4)),
        arith('DIVIDE', num(7), num(2)),
        arith('POWER', num(2), num(10)),
        single('ROOT', 16),
        single('ABS', -3),
        single('NEG', -5),
        single('LN', 1),
        single('LOG10', 1000),
        single('EXP', 0),
        single('POW10', 2),
        round('ROUND', 2.5),
        round('ROUNDUP', 2.1),
        round('ROUNDDOWN', 2.9),
        blk('math_modulo', undefined, { DIVIDEND: num(17), DIVISOR: num(5) }),
        blk('math_random_int', undefined, { FROM: num(4), TO: num(4) }),
        arith('MINUS', num(1), num(-1)),
      ),
    ),
  ]);
  return {
    kind: 'function',
    state,
    runs: [{ value: [3, -2, -12, 3.5, 1024, 4, 3, 5, 0, 3, 1, 100, 3, 3, 2, 2, 4, 2] }],
  };
}

function text(): Fixture {
  const state = workspace('method', [
    ret(
      list(
        blk('text_join', undefined, { ADD0: param('name'), ADD1: txt(' says '), ADD2: txt('hi') }, { itemCount: 3 }),
        textOf('text_length', {}, 'VALUE', txt('hello')),
        textOf('text_isEmpty', {}, 'VALUE', txt('')),
        textOf('text_indexOf', { END: 'FIRST' }, 'VALUE', txt('banana'), { FIND: txt('an') }),
        textOf('text_indexOf', { END: 'LAST' }, 'VALUE', txt('banana'), { FIND: txt('an') }),
        textOf('text_changeCase', { CASE: 'UPPERCASE' }, 'TEXT', txt('abc')),
        textOf('text_changeCase', { CASE: 'LOWERCASE' }, 'TEXT', txt('ABC')),
        textOf('text_changeCase', { CASE: 'TITLECASE' }, 'TEXT', txt('hello BIG world')),
        blk('text_join', undefined, {}, { itemCount: 0 }),
      ),
    ),
  ]);
  return {
    kind: 'method',
    state,
    paramNames: ['name'],
    runs: [
      { opts: { params: { name: 'Ana' } }, value: ['Ana says hi', 5, true, 2, 4, 'ABC', 'abc', 'Hello Big World', ''] },
    ],
  };
}

function lists(): Fixture {
  const l = () => getVar('vL');
  const state = workspace(
    'method',
    [
      setVar('vL', list(num(10), num(20), num(30))),
      listSet('SET', 'FROM_START', l(), num(21), 2),
      listSet('INSERT', 'LAST', l(), num(40)),
      listSet('INSERT', 'FIRST', l(), num(5)),
      listGet('REMOVE', 'FROM_END', l(), 1),
      ret(
        list(
          listGet('GET', 'FIRST', l()),
          listGet('GET', 'LAST', l()),
          listGet('GET', 'FROM_START', l(), 2),
          listGet('GET', 'FROM_END', l(), 2),
          blk('lists_length', undefined, { VALUE: l() }),
          blk('lists_isEmpty', undefined, { VALUE: blk('lists_create_empty') }),
          listGet('GET_REMOVE', 'FIRST', l()),
          listGet('GET', 'FROM_START', l(), 9),
          l(),
        ),
      ),
    ],
    { variables: { vL: 'list' } },
  );
  return { kind: 'method', state, runs: [{ value: [5, 30, 10, 21, 4, true, 5, null, [10, 21, 30]] }] };
}

function data(): Fixture {
  const T = { TABLE: 'Person' };
  const state = workspace(
    'method',
    [
      setVar('vO', blk('basalt_object_new')),
      blk('basalt_object_set', undefined, { OBJECT: getVar('vO'), KEY: txt('name'), VALUE: param('name') }),
      setVar('vSaved', blk('basalt_data_save', T, { OBJECT: getVar('vO') })),
      setVar('vById', blk('basalt_data_find_by_id', T, { ID: get(getVar('vSaved'), 'objectId') })),
      blk('basalt_data_remove', T, { OBJECT: getVar('vById') }),
      ret(
        list(
          getVar('vSaved'),
          blk('basalt_data_find', T, {
            WHERE: txt('age > 20'),
            SORT_BY: txt('name'),
            PAGE_SIZE: num(5),
            OFFSET: num(10),
          }),
          blk('basalt_data_count', T, { WHERE: txt('age > 20') }),
          blk('basalt_data_find_first', T),
          getVar('vById'),
        ),
      ),
    ],
    { variables: { vO: 'o', vSaved: 'saved', vById: 'by id' } },
  );
  return {
    kind: 'method',
    state,
    runs: [
      {
        opts: {
          params: { name: 'Ana' },
          answers: {
            'data.save': (a) => ({ ...a.item, objectId: 'X1' }),
            'data.findById': (a) => ({ objectId: a.id }),
            'data.find': () => [{ name: 'Bo' }],
            'data.count': () => 3,
            'data.findFirst': () => ({ objectId: 'F' }),
            'data.remove': () => 1,
          },
        },
        value: [{ name: 'Ana', objectId: 'X1' }, [{ name: 'Bo' }], 3, { objectId: 'F' }, { objectId: 'X1' }],
        calls: [
          { op: 'data.save', args: { table: 'Person', item: { name: 'Ana' } } },
          { op: 'data.findById', args: { table: 'Person', id: 'X1', query: {} } },
          { op: 'data.remove', args: { table: 'Person', item: { objectId: 'X1' } } },
          {
            op: 'data.find',
            args: { table: 'Person', query: { where: 'age > 20', sortBy: ['name'], pageSize: 5, offset: 10 } },
          },
          { op: 'data.count', args: { table: 'Person', where: 'age > 20' } },
          { op: 'data.findFirst', args: { table: 'Person', query: {} } },
        ],
      },
    ],
  };
}

function users(): Fixture {
  const state = workspace('timer', [
    ret(list(blk('basalt_users_current'), blk('basalt_users_find_by_id', undefined, { ID: txt('U2') }))),
  ]);
  return {
    kind: 'timer',
    state,
    runs: [
      {
        opts: {
          answers: { 'users.currentUser': () => ({ objectId: 'U1' }), 'users.findById': (a) => ({ objectId: a.id }) },
        },
        value: [{ objectId: 'U1' }, { objectId: 'U2' }],
        calls: [
          { op: 'users.currentUser', args: {} },
          { op: 'users.findById', args: { id: 'U2' } },
        ],
      },
    ],
  };
}

function files(): Fixture {
  const path = () => txt('/notes/a.txt');
  const state = workspace(
    'event',
    [
      blk('basalt_files_save_text', { OVERWRITE: true }, { PATH: path(), CONTENT: txt('hello') }),
      setVar('vT', blk('basalt_files_read_text', undefined, { PATH: path() })),
      blk('basalt_files_remove', undefined, { PATH: path() }),
      ret(getVar('vT')),
    ],
    { variables: { vT: 'text' } },
  );
  return {
    kind: 'event',
    state,
    runs: [
      {
        opts: { answers: { 'files.readText': () => 'hello' } },
        value: 'hello',
        calls: [
          { op: 'files.saveText', args: { path: '/notes/a.txt', content: 'hello', overwrite: true } },
          { op: 'files.readText', args: { path: '/notes/a.txt' } },
          { op: 'files.remove', args: { path: '/notes/a.txt' } },
        ],
      },
    ],
  };
}

function messaging(): Fixture {
  const state = workspace('event', [
    blk('basalt_messaging_publish', undefined, { CHANNEL: txt('news'), MESSAGE: txt('hi') }),
    blk('basalt_messaging_send_email', undefined, { TO: txt('a@x.io'), SUBJECT: txt('S'), TEXT: txt('T') }),
    blk('basalt_messaging_send_email', undefined, {
      TO: list(txt('a@x.io'), txt('b@x.io')),
      SUBJECT: txt('S2'),
      HTML: txt('<b>x</b>'),
    }),
  ]);
  return {
    kind: 'event',
    state,
    runs: [
      {
        value: undefined,
        calls: [
          { op: 'messaging.publish', args: { channel: 'news', message: 'hi' } },
          { op: 'messaging.sendEmail', args: { subject: 'S', body: { textmessage: 'T' }, to: ['a@x.io'] } },
          {
            op: 'messaging.sendEmail',
            args: { subject: 'S2', body: { htmlmessage: '<b>x</b>' }, to: ['a@x.io', 'b@x.io'] },
          },
        ],
      },
    ],
  };
}

function cache(): Fixture {
  const state = workspace(
    'timer',
    [
      blk('basalt_cache_put', undefined, { KEY: txt('k'), VALUE: num(5), TTL: num(60) }),
      blk('basalt_cache_put', undefined, { KEY: txt('k2'), VALUE: txt('v') }),
      setVar('vV', blk('basalt_cache_get', undefined, { KEY: txt('k') })),
      blk('basalt_cache_remove', undefined, { KEY: txt('k') }),
      ret(
        list(
          getVar('vV'),
          blk('basalt_counter_increment', undefined, { NAME: txt('hits') }),
          blk('basalt_counter_get', undefined, { NAME: txt('hits') }),
        ),
      ),
    ],
    { variables: { vV: 'v' } },
  );
  return {
    kind: 'timer',
    state,
    runs: [
      {
        opts: { answers: { 'cache.get': () => 5, 'counters.incrementAndGet': () => 8, 'counters.get': () => 8 } },
        value: [5, 8, 8],
        calls: [
          { op: 'cache.put', args: { key: 'k', value: 5, ttl: 60 } },
          { op: 'cache.put', args: { key: 'k2', value: 'v' } },
          { op: 'cache.get', args: { key: 'k' } },
          { op: 'cache.delete', args: { key: 'k' } },
          { op: 'counters.incrementAndGet', args: { name: 'hits' } },
          { op: 'counters.get', args: { name: 'hits' } },
        ],
      },
    ],
  };
}

function context(): Fixture {
  const state = workspace('method', [
    ret(
      list(
        param('a'),
        blk('basalt_context_header', { NAME: 'X-Trace' }),
        blk('basalt_context_user_id'),
        blk('basalt_context_config', { NAME: 'mode' }),
        blk('basalt_context_header', { NAME: 'missing' }),
      ),
    ),
  ]);
  return {
    kind: 'method',
    state,
    paramNames: ['a'],
    runs: [
      {
        opts: {
          params: { a: 1 },
          ctx: { userId: 'U1', httpHeaders: { 'x-trace': 't1' }, configurationItems: { mode: 'fast' } },
        },
        value: [1, 't1', 'U1', 'fast', null],
      },
      { opts: { params: {}, ctx: {} }, value: [null, null, null, null, null] },
    ],
  };
}

function handler(): Fixture {
  const state = workspace('handler', [
    blk('basalt_handler_set_item_field', { KEY: 'status' }, { VALUE: txt('new') }),
    ret(
      list(
        get(blk('basalt_handler_item'), 'name'),
        blk('basalt_handler_result'),
        get(blk('basalt_handler_item'), 'status'),
      ),
    ),
  ]);
  return {
    kind: 'handler',
    state,
    runs: [
      { opts: { req: { item: { name: 'n' } }, res: { result: 7 } }, value: ['n', 7, 'new'] },
      // The runtime's req may carry item through its prototype; a before-handler has no res.
      { opts: { req: Object.create({ item: { name: 'p' } }) }, value: ['p', null, 'new'] },
    ],
  };
}

function objects(): Fixture {
  const state = workspace(
    'function',
    [
      setVar('vO', json('{"a":1}')),
      blk('basalt_object_set', undefined, { OBJECT: getVar('vO'), KEY: txt('b'), VALUE: num(2) }),
      ret(
        list(
          blk('basalt_object_to_json', undefined, { OBJECT: getVar('vO') }),
          get(getVar('vO'), 'a'),
          get(getVar('vO'), 'missing'),
          get(getVar('vO'), 'toString'),
        ),
      ),
    ],
    { variables: { vO: 'o' } },
  );
  return { kind: 'function', state, runs: [{ value: ['{"a":1,"b":2}', 1, null, null] }] };
}

function control(): Fixture {
  const state = workspace('function', [
    blk('controls_if', undefined, {
      IF0: param('fail'),
      DO0: blk('basalt_throw_error', undefined, { CODE: num(4001), MESSAGE: txt('bad input'), STATUS: num(422) }),
    }),
    blk('controls_if', undefined, { IF0: param('quiet'), DO0: ret() }),
    ret(txt('done')),
  ]);
  return {
    kind: 'function',
    state,
    runs: [
      { opts: { params: { fail: true } }, error: { code: 4001, message: 'bad input', httpStatus: 422 } },
      { opts: { params: { quiet: true } }, value: undefined },
      { opts: { params: {} }, value: 'done' },
    ],
  };
}

function http(): Fixture {
  const state = workspace('method', [
    ret(
      list(
        blk(
          'basalt_http_request',
          { METHOD: 'POST' },
          { URL: txt('https://x.io/a'), BODY: json('{"q":1}'), HEADERS: json('{"X-A":1}') },
        ),
        blk('basalt_http_request', { METHOD: 'GET' }, { URL: txt('https://x.io/b') }),
      ),
    ),
  ]);
  return {
    kind: 'method',
    state,
    runs: [
      {
        opts: {
          answers: {
            'http.fetch': (a) =>
              a.method === 'POST'
                ? { status: 201, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' }
                : { status: 200, headers: { 'content-type': 'text/plain' }, body: 'plain' },
          },
        },
        value: [
          { status: 201, headers: { 'content-type': 'application/json' }, body: { ok: true } },
          { status: 200, headers: { 'content-type': 'text/plain' }, body: 'plain' },
        ],
        calls: [
          {
            op: 'http.fetch',
            args: {
              url: 'https://x.io/a',
              method: 'POST',
              headers: { 'X-A': '1', 'content-type': 'application/json' },
              body: '{"q":1}',
            },
          },
          { op: 'http.fetch', args: { url: 'https://x.io/b', method: 'GET', headers: {} } },
        ],
      },
    ],
  };
}

function services(): Fixture {
  const state = workspace('method', [
    blk('basalt_evaluate', undefined, { VALUE: blk('basalt_invoke_service', { SERVICE: 'Audit', METHOD: 'touch' }) }),
    ret(
      list(
        blk('basalt_invoke_service', { SERVICE: 'Billing', METHOD: 'charge' }, { ARGS: json('{"amount":3}') }),
        blk('basalt_dispatch_event', { EVENT: 'audit' }),
        blk('basalt_call_function', { FUNCTION: 'fn_double' }, { ARGS: json('{"x":2}') }),
      ),
    ),
  ]);
  return {
    kind: 'method',
    state,
    services: ['Audit.touch', 'Billing.charge'],
    functions: ['fn_double'],
    runs: [
      {
        opts: {
          answers: { 'services.invoke': (a) => `${a.service}.${a.method}`, 'events.dispatch': (a) => a.name },
          fn: { fn_double: async (inputs: object) => (inputs as { x: number }).x * 10 },
        },
        value: ['Billing.charge', 'audit', 20],
        calls: [
          { op: 'services.invoke', args: { service: 'Audit', method: 'touch', args: {} } },
          { op: 'services.invoke', args: { service: 'Billing', method: 'charge', args: { amount: 3 } } },
          { op: 'events.dispatch', args: { name: 'audit', args: {} } },
        ],
      },
      { opts: { fn: {} }, error: { message: 'Unknown function: fn_double' } },
    ],
  };
}

function logging(): Fixture {
  const state = workspace('timer', [
    blk('basalt_log', { LEVEL: 'INFO' }, { MESSAGE: txt('hello') }),
    blk('basalt_log', { LEVEL: 'ERROR' }, { MESSAGE: json('{"a":1}') }),
    blk('basalt_log', { LEVEL: 'DEBUG' }, { MESSAGE: num(1) }),
    blk('basalt_log', { LEVEL: 'WARN' }, { MESSAGE: txt('w') }),
  ]);
  return {
    kind: 'timer',
    state,
    runs: [
      {
        logs: [
          { level: 'INFO', logger: 'Codeless', message: 'hello' },
          { level: 'ERROR', logger: 'Codeless', message: '{"a":1}' },
          { level: 'DEBUG', logger: 'Codeless', message: '1' },
          { level: 'WARN', logger: 'Codeless', message: 'w' },
        ],
      },
    ],
  };
}

/** A shadow (as the toolbox leaves them) is used when no block covers it. */
function shadows(): Fixture {
  const sum = blk('math_arithmetic', { OP: 'ADD' });
  sum.inputs = { A: { shadow: num(1) }, B: { shadow: num(2), block: num(40) } };
  return { kind: 'method', state: workspace('method', [ret(sum)]), runs: [{ value: 41 }] };
}

/** Fixtures by name (a fresh set per call, since runs may change the objects they return). */
export const FIXTURES: Record<string, Fixture> = {
  logic: logic(),
  loops: loops(),
  math: math(),
  text: text(),
  lists: lists(),
  data: data(),
  users: users(),
  files: files(),
  messaging: messaging(),
  cache: cache(),
  context: context(),
  handler: handler(),
  objects: objects(),
  control: control(),
  http: http(),
  services: services(),
  logging: logging(),
  shadows: shadows(),
};

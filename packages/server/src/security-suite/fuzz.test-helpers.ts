/**
 * Generators of hostile input for the fuzz suite: where clauses from the where grammar (valid,
 * deep, long, wide, mistyped, unicode, injection text, token and character soup) and request
 * bodies (deep nesting, huge arrays, NUL characters, wrong types, broken JSON). Everything is drawn
 * from a `Rand`, so one seed and one case number give back the same input.
 */
import type { Rand } from './suite.test-helpers.js';

/** What the generators may name: the fuzz app's records. */
export interface FuzzWorld {
  personIds: string[];
  cityIds: string[];
  userIds: string[];
}

type Kind = 'text' | 'int' | 'double' | 'bool' | 'date' | 'id';

const PERSON: Record<string, Kind> = {
  name: 'text',
  age: 'int',
  score: 'double',
  active: 'bool',
  born: 'date',
  bio: 'text',
  objectId: 'id',
  ownerId: 'id',
  created: 'date',
  updated: 'date',
};
const CITY: Record<string, Kind> = { name: 'text', population: 'int', objectId: 'id' };
const PERSON_RELATIONS = ['friends', 'city'];

/** Big pieces are built once per run: the same 100 000-item list need not be rebuilt. */
const built = new Map<string, string>();
function memo(key: string, build: () => string): string {
  let v = built.get(key);
  if (v === undefined) built.set(key, (v = build()));
  return v;
}

const repeat = (text: string, n: number, sep = '') => Array.from({ length: n }, () => text).join(sep);

export const lit = (v: string): string => `'${v.replace(/'/g, "''")}'`;

/** Random text that can hold anything: controls, NUL, quotes, wide and astral characters, lone surrogates. */
export function charSoup(r: Rand, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    const range = r.weighted<[number, number]>([
      [40, [0x20, 0x7e]],
      [6, [0x00, 0x1f]],
      [4, [0x80, 0x2ff]],
      [3, [0x2000, 0x206f]],
      [3, [0xff00, 0xffef]],
      [2, [0x1f300, 0x1f6ff]],
      [1, [0xd800, 0xdfff]],
      [2, [0x0590, 0x06ff]],
    ]);
    const cp = r.int(range[0], range[1]);
    out += cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
  }
  return out;
}

const TOKENS = [
  'name',
  'age',
  'score',
  'active',
  'born',
  'bio',
  'objectId',
  'ownerId',
  'created',
  'updated',
  'friends',
  'city',
  'friends.name',
  'city.name',
  'city.population',
  'friends.city.name',
  '`name`',
  '`friends`.`age`',
  '`',
  '``',
  'nope',
  'Person',
  'Users',
  'password',
  'email',
  '=',
  '!=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  '==',
  '!',
  'LIKE',
  'like',
  'NOT',
  'not',
  'IN',
  'IS',
  'NULL',
  'BETWEEN',
  'AND',
  'and',
  'OR',
  'or',
  'TRUE',
  'FALSE',
  '(',
  ')',
  '((',
  '))',
  ',',
  '.',
  '*',
  '-',
  '+',
  '/',
  '%',
  '|',
  '||',
  '&',
  '^',
  '~',
  '?',
  '$1',
  ':x',
  '@x',
  '#',
  ';',
  '--',
  '/*',
  '*/',
  '\\',
  '"',
  "'",
  "''",
  '0',
  '1',
  '-1',
  '42',
  '3.5',
  '1e308',
  '1e400',
  '-0',
  '.5',
  '5.',
  '0x10',
  '00012',
  '9007199254740993',
  '99999999999999999999999',
  "'x'",
  "'%'",
  "'_'",
  "'O''Brien'",
  "'2024-01-31'",
  "'2024-02-30'",
  "'1990-04-28 09:05:03'",
  "'\\'",
  "'%\\%'",
  "''''",
  'SELECT',
  'UNION',
  'DROP',
  'TABLE',
  'INSERT',
  'DELETE',
  'UPDATE',
  'FROM',
  'WHERE',
  'EXISTS',
  'CAST',
  'AS',
  'ASC',
  'DESC',
  'DISTINCT',
  'ESCAPE',
  'COLLATE',
  'ILIKE',
  'SIMILAR',
  'TO',
  'GLOB',
  'REGEXP',
  'Count(objectId)',
  'Count(*)',
  'Sum(age)',
  'Avg(score)',
  'Min(born)',
  'Max(name)',
  'distance(1, 2, 3, 4)',
  'km(5)',
  'mi(1)',
  'sleep(5)',
  'pg_sleep(5)',
  'randomblob(1000000000)',
  'load_extension(x)',
  'char(39)',
  'version()',
  '\u0000',
  '\u00a0',
  '\u200b',
  '\ufeff',
  '（',
  '）',
  'ＯＲ',
  'é',
  'İ',
  '名前',
  '🙂',
  '\ud800',
  '\u202e',
];

const INJECTIONS = [
  '1 = 1) OR (1 = 1',
  "') OR ('1'='1",
  "x') OR ('1'='1",
  "name = 'x' OR '1'='1' --'",
  "name = 'x'; DROP TABLE Person; --",
  "name = 'x' UNION SELECT password FROM Users",
  "name = 'x' UNION ALL SELECT * FROM sqlite_master",
  'name = (SELECT password FROM Users LIMIT 1)',
  'EXISTS (SELECT 1 FROM Users)',
  'age = 1; SELECT pg_sleep(10)',
  'pg_sleep(10) IS NULL',
  'sleep(10) = 0',
  'randomblob(1000000000) IS NOT NULL',
  "load_extension('/tmp/x') = 1",
  'name = $1',
  'name = ?',
  'name = :name',
  "name = 'a' || 'b'",
  "CAST(age AS TEXT) = '1'",
  "name ~ '.*'",
  "name ILIKE '%a%'",
  "name SIMILAR TO '%a%'",
  'name COLLATE "C" = \'x\'',
  "name = E'\\x41'",
  'name = $$x$$',
  "name = U&'\\0041'",
  "name LIKE '%' ESCAPE '\\'",
  "name = 'x\\' OR 1=1 --'",
  "name = '\\'' OR 1 = 1",
  "`name` = 'x'`) OR (1 = 1",
  '`na``me` = 1',
  "`name) OR (1 = 1` = 'x'",
  'objectId IN (SELECT objectId FROM Person)',
  "1 = 1 OR password LIKE '%'",
  "friends.password LIKE '$%'",
  "ownerId != '' OR ownerId IS NULL) OR (1 = 1",
  "name = 'a'/**/OR/**/1=1",
  "name = 'a'\u0000 OR 1 = 1",
  "name = 'a\u0000' OR 1 = 1",
  '1 = 1\u0000) OR (1 = 1',
  "name = 'x' OR '1'='1'",
  'NOT NOT NOT 1 = 1',
  'age > -9223372036854775808',
  'age < 9223372036854775808',
];

/**
 * Hostile where clauses by category. Each entry: weight and a generator. The weights keep the
 * heavy categories (megabyte texts) rare enough for the CI run and frequent enough to matter.
 */
export class WhereFuzz {
  constructor(
    private readonly r: Rand,
    private readonly w: FuzzWorld,
  ) {}

  private kw(word: string): string {
    return this.r.chance(0.7) ? word : word.toLowerCase();
  }

  private value(kind: Kind, mistype = false): string {
    const r = this.r;
    if (mistype) {
      return r.pick([
        "'abc'",
        "'yesterday'",
        'true',
        'false',
        '1e400',
        '-1e400',
        '99999999999999999999999',
        "'1e400'",
        "''",
        "'maybe'",
        '1.5',
        "'2024-02-30'",
        "'NaN'",
        "'Infinity'",
        '-0',
        "'0x10'",
        "'\u0000'",
        'null',
      ]);
    }
    switch (kind) {
      case 'text':
        return lit(
          r.pick([
            'ann',
            'bob',
            "O'Brien",
            '',
            '%',
            'x) OR (1 = 1',
            'ümlaut',
            '名前',
            '🙂',
            r.pick(['a', 'b', 'c']).repeat(r.int(1, 40)),
          ]),
        );
      case 'int':
        return String(r.pick([0, 1, -1, 42, 2 ** 31, 2 ** 53, -(2 ** 53), r.int(-100, 100)]));
      case 'double':
        return r.pick(['0', '0.5', '-3.25', '1e10', '1e-10', '1e308', String(r.int(-50, 50))]);
      case 'bool':
        return r.pick(['true', 'false', "'true'", '1', '0']);
      case 'date':
        return r.pick([
          "'2024-01-31'",
          "'1990-04-28 09:05:03'",
          '0',
          '1700000000000',
          '-62135596800000',
          "'2024-01-31T10:00:00Z'",
        ]);
      case 'id':
        return lit(r.pick([...this.w.personIds.slice(0, 20), ...this.w.userIds, 'NOPE', '']));
    }
  }

  /** A path through relations ending on a column, with its kind. */
  private path(maxHops: number): { text: string; kind: Kind } {
    const r = this.r;
    const segs: string[] = [];
    let table: 'Person' | 'City' = 'Person';
    const hops = r.int(0, maxHops);
    for (let i = 0; i < hops && table === 'Person'; i++) {
      const rel = r.pick(PERSON_RELATIONS);
      segs.push(rel);
      table = rel === 'city' ? 'City' : 'Person';
    }
    const cols = table === 'Person' ? PERSON : CITY;
    const col = r.pick(Object.keys(cols));
    segs.push(col);
    const quoted = r.chance(0.15);
    return { text: segs.map((s) => (quoted ? `\`${s}\`` : s)).join('.'), kind: cols[col] };
  }

  predicate(mistype = false, maxHops = 3): string {
    const r = this.r;
    const p = this.path(maxHops);
    const v = () => this.value(p.kind, mistype && r.chance(0.6));
    switch (r.int(0, 7)) {
      case 0:
      case 1:
        return `${p.text} ${r.pick(['=', '!=', '<>', '<', '<=', '>', '>='])} ${v()}`;
      case 2:
        return `${p.text} ${r.chance(0.3) ? `${this.kw('NOT')} ` : ''}${this.kw('LIKE')} ${mistype && r.chance(0.5) ? r.pick(['5', 'true', 'null', 'age']) : lit(r.pick(['%a%', 'a%', '%', '_', '%\\%', "%o'b%", '']))}`;
      case 3:
        return `${p.text} ${r.chance(0.3) ? `${this.kw('NOT')} ` : ''}${this.kw('IN')} (${Array.from({ length: r.int(1, 6) }, v).join(', ')})`;
      case 4:
        return `${p.text} ${this.kw('IS')} ${r.chance(0.5) ? `${this.kw('NOT')} ` : ''}${this.kw('NULL')}`;
      case 5:
        return `${p.text} ${r.chance(0.3) ? `${this.kw('NOT')} ` : ''}${this.kw('BETWEEN')} ${v()} ${this.kw('AND')} ${v()}`;
      case 6:
        return (
          r.pick(['friends', 'city', 'friends.city', 'friends.friends']) +
          ` ${this.kw('IS')} ${r.chance(0.5) ? `${this.kw('NOT')} ` : ''}${this.kw('NULL')}`
        );
      default:
        return `${v()} ${r.pick(['=', '<', '>'])} ${p.text}`;
    }
  }

  expr(depth: number, mistype = false): string {
    const r = this.r;
    if (depth <= 0 || r.chance(0.3)) return this.predicate(mistype);
    const roll = r.float();
    if (roll < 0.15) return `${this.kw('NOT')} (${this.expr(depth - 1, mistype)})`;
    if (roll < 0.3) return `(${this.expr(depth - 1, mistype)})`;
    return `${this.expr(depth - 1, mistype)} ${this.kw(r.chance(0.5) ? 'AND' : 'OR')} ${this.expr(depth - 1, mistype)}`;
  }

  /** One hostile where and the name of its category. */
  next(): { kind: string; text: string } {
    const r = this.r;
    const kind = r.weighted<string>([
      [14, 'valid'],
      [5, 'deep parentheses'],
      [5, 'long AND/OR chain'],
      [6, 'long relation chain'],
      [4, 'many relation predicates'],
      [5, 'huge IN list'],
      [5, 'long LIKE pattern'],
      [5, 'NUL bytes'],
      [8, 'type-mismatched comparison'],
      [6, 'unicode'],
      [10, 'injection text'],
      [12, 'token soup'],
      [7, 'character soup'],
      [8, 'damaged valid clause'],
    ]);
    return { kind, text: this.of(kind) };
  }

  private of(kind: string): string {
    const r = this.r;
    switch (kind) {
      case 'valid':
        return this.expr(r.int(0, 5));
      case 'deep parentheses': {
        const n = r.pick([2, 10, 32, 63, 64, 65, 100, 1000, 10_000, 100_000]);
        const open = r.pick(['(', '(NOT ', 'NOT (', 'NOT ']);
        const close = open.includes('(') ? ')' : '';
        const off = r.pick([0, 0, 0, 1, -1]);
        const pred = this.predicate();
        return (
          memo(`deep:${open}:${n}`, () => repeat(open, n)) +
          pred +
          memo(`deepc:${close}:${Math.max(0, n + off)}`, () => repeat(close, Math.max(0, n + off)))
        );
      }
      case 'long AND/OR chain': {
        const n = r.pick([10, 100, 1000, 5000, 20_000, 50_000]);
        const op = r.pick([' AND ', ' OR ', ' and ', ' or ']);
        if (n >= 1000)
          return memo(`chain:${op}:${n}`, () => Array.from({ length: n }, (_, i) => `age != ${i}`).join(op));
        return Array.from({ length: n }, () => this.predicate(false, 1)).join(op);
      }
      case 'long relation chain': {
        const n = r.pick([1, 2, 5, 10, 20, 31, 32, 33, 62, 63, 64, 65, 100, 1000]);
        const tail = r.pick([
          "name = 'x'",
          'age > 1',
          "city.name = 'x'",
          'objectId IS NOT NULL',
          'friends IS NULL',
          'city IS NOT NULL',
        ]);
        return `${memo(`rel:${n}`, () => repeat('friends.', n))}${tail}`;
      }
      case 'many relation predicates': {
        const n = r.pick([10, 100, 500, 1000, 3000]);
        const op = r.pick([' OR ', ' AND ']);
        return memo(`relpred:${op}:${n}`, () => Array.from({ length: n }, (_, i) => `friends.age = ${i}`).join(op));
      }
      case 'huge IN list': {
        const n = r.pick([100, 999, 1000, 1001, 10_000, 32_766, 32_767, 32_768, 65_535, 65_536, 100_000]);
        const col = r.pick(['age', 'name', 'objectId', 'friends.age', 'city.name', 'score']);
        const neg = r.chance(0.3) ? 'NOT ' : '';
        const items = memo(`in:${col.endsWith('age') || col === 'score' ? 'n' : 's'}:${n}`, () =>
          Array.from({ length: n }, (_, i) => (col.endsWith('age') || col === 'score' ? String(i) : `'v${i}'`)).join(
            ',',
          ),
        );
        return `${col} ${neg}IN (${items})`;
      }
      case 'long LIKE pattern': {
        const n = r.pick([100, 1000, 10_000, 100_000, 300_000]);
        const unit = r.pick(['%a', '_', '%', 'a', '%_', '\\%', "''"]);
        const col = r.pick(['name', 'bio', 'friends.name', 'city.name', 'age']);
        const body = memo(`like:${unit}:${n}`, () => repeat(unit, Math.ceil(n / unit.length)));
        return `${col} ${r.chance(0.3) ? 'NOT ' : ''}LIKE '${body}${r.pick(['', 'b', '%', 'b%'])}'`;
      }
      case 'NUL bytes': {
        const v = this.expr(2);
        const at = r.int(0, v.length);
        return r.pick([
          `${v.slice(0, at)}\u0000${v.slice(at)}`,
          `name = 'a\u0000b'`,
          `name LIKE '%\u0000%'`,
          `\`na\u0000me\` = 'x'`,
          `${v}\u0000`,
          `\u0000${v}`,
          `name IN ('\u0000', '\u0000\u0000')`,
          repeat('\u0000', r.int(1, 100)),
          `bio = '${repeat('\u0000', 1000)}'`,
        ]);
      }
      case 'type-mismatched comparison':
        return r.chance(0.5)
          ? this.expr(r.int(0, 3), true)
          : r.pick([
              "age = 'abc'",
              'name > 5',
              "active LIKE 'x'",
              "born = 'yesterday'",
              'age = 1e400',
              'age > 99999999999999999999999',
              'score = 1e308',
              'born > -1e20',
              'active = 2',
              'city = 1',
              'friends > 3',
              "age IN ('a', 1)",
              "born BETWEEN 'x' AND 1",
              'name = true',
              'age > null',
              'age LIKE 5',
              'Count(objectId) > 1',
              'age = -',
              'age = 1.',
              'distance(name, 1, 2, 3) < km(1)',
              'distance(1, 2, 3, 4) < 5',
              'km(5) = 5',
              'age = age',
              'name = age',
              'friends.name = city',
              'city.population LIKE 5',
              "objectId > 'a'",
              "born = '2024-13-45'",
              "born = '0000-00-00'",
              "created < '9999-12-31 23:59:59'",
              'age = 0.1e-400',
              "score = 'NaN'",
              "score > 'Infinity'",
              "active IN (true, 1, 'yes')",
            ]);
      case 'unicode':
        return r.pick([
          `näme = 'x'`,
          `名前 = 'x'`,
          `\`名前\` = 'x'`,
          `name = '${charSoup(r, r.int(1, 50)).replace(/'/g, "''")}'`,
          `name LIKE '%🙂%'`,
          `（1 = 1）`,
          `name = 'x' ＯＲ 1 = 1`,
          `name\u200b = 'x'`,
          `name =\u00a0'x'`,
          `name = 'x'\u2028OR 1 = 1`,
          `name = '\u202ex'`,
          `İS NULL`,
          `name ıs null`,
          `name = '\ud800'`,
          `name = '\udfff\ud800'`,
          `\`\ud83d\` = 1`,
          `name LIKE '${repeat('é', 5000)}'`,
          `name = '${repeat('🙂', 10_000)}'`,
          `name = 'e\u0301'`,
          `\ufeffname = 'x'`,
        ]);
      case 'injection text':
        return r.pick(INJECTIONS);
      case 'token soup':
        return Array.from({ length: r.int(1, 60) }, () => r.pick(TOKENS)).join(r.pick([' ', ' ', '', '\n']));
      case 'character soup':
        return charSoup(r, r.int(1, 500));
      default: {
        // A valid clause with a token cut out, doubled or swapped in.
        const v = this.expr(r.int(1, 4));
        const at = r.int(0, v.length);
        const to = Math.min(v.length, at + r.int(0, 10));
        return r.pick([
          `${v.slice(0, at)}${v.slice(to)}`,
          `${v.slice(0, at)}${r.pick(TOKENS)}${v.slice(at)}`,
          `${v.slice(0, to)}${v.slice(at)}`,
          `${v} ${r.pick(TOKENS)}`,
          `${r.pick(TOKENS)} ${v}`,
        ]);
      }
    }
  }
}

/** Where a hostile body goes. */
export type BodyTarget =
  | 'app find'
  | 'app count'
  | 'app create'
  | 'app save'
  | 'app bulk create'
  | 'app bulk update'
  | 'app bulk delete'
  | 'console find'
  | 'console count'
  | 'console create'
  | 'console bulk create';

export interface HostileBody {
  kind: string;
  target: BodyTarget;
  raw: string | Buffer;
  headers?: Record<string, string>;
  /** the body is over the server's body limit: a 413, or the connection closed while sending */
  oversize?: boolean;
}

/** Request bodies: deep, huge, NUL-carrying, mistyped or not JSON at all. */
export class BodyFuzz {
  constructor(
    private readonly r: Rand,
    private readonly w: FuzzWorld,
    private readonly bodyLimit: number,
  ) {}

  private deep(n: number, open: string, inner: string, close: string): string {
    return memo(`bo:${open}:${n}`, () => repeat(open, n)) + inner + memo(`bc:${close}:${n}`, () => repeat(close, n));
  }

  private queryBody(): { kind: string; raw: string } {
    const r = this.r;
    const kind = r.weighted<string>([
      [6, 'deep nesting'],
      [5, 'huge array'],
      [5, 'NUL'],
      [12, 'wrong types'],
      [6, 'not JSON'],
      [2, 'big strings'],
    ]);
    const depth = () => r.pick([100, 1000, 10_000, 100_000]);
    const n = () => r.pick([1000, 10_000, 100_000, 500_000]);
    switch (kind) {
      case 'deep nesting':
        return {
          kind,
          raw: r.pick([
            () => this.deep(depth(), '[', '1', ']'),
            () => this.deep(depth(), '{"a":', '1', '}'),
            () => `{"where":${this.deep(depth(), '[', '"x"', ']')}}`,
            () => `{"props":${this.deep(depth(), '[', '"name"', ']')}}`,
            () => `{"sortBy":${this.deep(depth(), '{"a":', '"age"', '}')}}`,
            () => `{"pageSize":${this.deep(depth(), '[', '5', ']')}}`,
          ])(),
        };
      case 'huge array':
        return {
          kind,
          raw: r.pick([
            () => {
              const size = n();
              return `[${memo(`arr:${size}`, () => repeat('1', size, ','))}]`;
            },
            () => `{"props":[${memo('props:name', () => repeat('"name"', 100_000, ','))}]}`,
            () => `{"sortBy":[${memo('sort:age', () => repeat('"age desc"', 50_000, ','))}]}`,
            () => `{"loadRelations":[${memo('lr:friends', () => repeat('"friends"', 50_000, ','))}]}`,
            () => `{"groupBy":[${memo('gb:age', () => repeat('"age"', 50_000, ','))}]}`,
            () => `{"property":[${memo('prop:x', () => repeat('"friends.city.name"', 20_000, ','))}]}`,
            () => `{"loadRelations":"${memo('lrs', () => repeat('friends.', 5000))}name"}`,
            () =>
              `{"where":"name = 'x'","props":${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `Count(objectId) as c${i}`))}}`,
          ])(),
        };
      case 'NUL':
        return {
          kind,
          raw: r.pick([
            `{"where":"name = 'a\\u0000b'"}`,
            `{"where":"\\u0000"}`,
            `{"sortBy":"name\\u0000"}`,
            `{"props":["na\\u0000me"]}`,
            `{"loadRelations":"friends\\u0000"}`,
            `{"wh\\u0000ere":"1 = 1"}`,
            `{"where":"name = 'x'"}\u0000`,
            `{"where":"name = 'a\u0000'"}`,
            `{"pageSize":"1\\u0000"}`,
          ]),
        };
      case 'wrong types': {
        const field = r.pick([
          'where',
          'pageSize',
          'offset',
          'props',
          'sortBy',
          'loadRelations',
          'relationsDepth',
          'distinct',
          'groupBy',
          'having',
          'excludeProps',
          'property',
          'whereClause',
          'pagesize',
        ]);
        const value = r.pick([
          '123',
          'true',
          '[]',
          '{}',
          'null',
          '"abc"',
          '-1',
          '1e308',
          '-1e308',
          '1.5',
          '"100"',
          '1e21',
          '[null]',
          '[[]]',
          '[{}]',
          '[1,2]',
          '{"a":1}',
          '""',
          '"   "',
          '9007199254740993',
          '"1e3"',
          '-0',
          '"-5"',
        ]);
        return {
          kind: `wrong types (${field})`,
          raw: `{"${field}":${value}${r.chance(0.3) ? ',"where":"age > 1"' : ''}}`,
        };
      }
      case 'big strings':
        return { kind, raw: `{"where":"name = '${memo('bigstr', () => repeat('x', 2_000_000))}'"}` };
      default:
        return { kind, raw: this.notJson() };
    }
  }

  private notJson(): string {
    return this.r.pick([
      '{nope',
      '',
      ' ',
      'null',
      '"str"',
      '123',
      '1e999999',
      '[',
      '{"a":}',
      '\ufeff{}',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"where":"a","where":"b"}',
      memo('longkey', () => `{"${repeat('k', 100_000)}":1}`),
      '{"a":1}}',
      "{'where':'x'}",
      '{"where":"x",}',
      'NaN',
      '{"pageSize":NaN}',
      '{"pageSize":Infinity}',
      '\u0000',
    ]);
  }

  private recordValue(): string {
    const r = this.r;
    const field = r.pick([
      'name',
      'age',
      'score',
      'active',
      'born',
      'bio',
      'objectId',
      'ownerId',
      '___class',
      'city',
      'friends',
      'created',
      'updated',
      '__meta',
      'nope',
      'a b',
      '1abc',
      'DROP TABLE x',
      'é',
      '',
      '__proto__',
      'constructor',
    ]);
    const value = r.pick<() => string>([
      ...[
        '"abc"',
        '{}',
        '[]',
        '1e308',
        '-1e308',
        'true',
        '-0',
        '"1e400"',
        '"maybe"',
        '2',
        '"not a date"',
        '-1e20',
        '1e20',
        '"NaN"',
        '"Infinity"',
        '12',
        'null',
        '"../x"',
        '"a b"',
        '""',
        '"Users"',
        '{"objectId":{}}',
        '["x"]',
        '"nonexistent-id"',
        '[5]',
        '[{"objectId":5}]',
        '"a\\u0000b"',
        '"\\ud800"',
      ].map((v) => () => v),
      () => `"${r.pick(this.w.personIds)}"`,
      () =>
        `[${this.w.personIds
          .slice(0, 50)
          .map((id) => `"${id}"`)
          .join(',')}]`,
      () => memo('5mb', () => `"${repeat('y', 5_000_000)}"`),
      () => this.deep(r.pick([100, 10_000]), '{"a":', '1', '}'),
      () => this.deep(r.pick([100, 10_000]), '[', '1', ']'),
    ])();
    return `"${field}":${value}`;
  }

  private recordBody(): { kind: string; raw: string } {
    const r = this.r;
    const kind = r.weighted<string>([
      [10, 'record fields'],
      [3, 'not JSON'],
      [2, 'deep record'],
      [2, 'record with many keys'],
    ]);
    switch (kind) {
      case 'record fields':
        return { kind, raw: `{${Array.from({ length: r.int(1, 4) }, () => this.recordValue()).join(',')}}` };
      case 'deep record':
        return { kind, raw: this.deep(r.pick([1000, 10_000, 100_000]), '{"name":', '"x"', '}') };
      case 'record with many keys':
        return {
          kind,
          raw: `{${memo('manykeys', () => Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(','))}}`,
        };
      default:
        return { kind, raw: this.notJson() };
    }
  }

  private bulkBody(): { kind: string; raw: string } {
    const r = this.r;
    const kind = r.weighted<string>([
      [4, 'records'],
      [2, '10 000 records'],
      [2, '10 001 records'],
      [2, 'deep list'],
      [2, 'not a list'],
      [2, 'huge list of non-records'],
    ]);
    switch (kind) {
      case 'records':
        return { kind, raw: `[${Array.from({ length: r.int(1, 20) }, () => `{${this.recordValue()}}`).join(',')}]` };
      case '10 000 records':
        return { kind, raw: memo('bulk10000', () => `[${repeat('{"name":"bulk","age":1}', 10_000, ',')}]`) };
      case '10 001 records':
        return { kind, raw: memo('bulk10001', () => `[${repeat('{"name":"bulk","age":1}', 10_001, ',')}]`) };
      case 'deep list':
        return { kind, raw: this.deep(r.pick([1000, 10_000, 100_000]), '[', '{}', ']') };
      case 'huge list of non-records':
        return { kind, raw: `[${memo('nonrec', () => repeat('1', 1_000_000, ','))}]` };
      default:
        return { kind, raw: r.pick(['{}', '{"name":"x"}', '"x"', '5', this.notJson()]) };
    }
  }

  next(): HostileBody {
    const r = this.r;
    const target = r.pick<BodyTarget>([
      'app find',
      'app count',
      'app create',
      'app save',
      'app bulk create',
      'app bulk update',
      'app bulk delete',
      'console find',
      'console count',
      'console create',
      'console bulk create',
    ]);
    if (r.chance(0.01)) {
      // Just over the body limit.
      return {
        kind: 'over the body limit',
        target,
        raw: memo('over', () => `{"where":"${repeat('x', this.bodyLimit + 10)}"}`),
        oversize: true,
      };
    }
    const made =
      target.endsWith('find') || target.endsWith('count') || target === 'app bulk delete'
        ? this.queryBody()
        : target.endsWith('bulk create')
          ? this.bulkBody()
          : this.recordBody();
    const headers = r.chance(0.03)
      ? r.pick<Record<string, string>>([
          { 'content-type': 'text/plain' },
          { 'content-type': 'application/json; charset=latin1' },
          { 'content-encoding': 'gzip' },
          { 'content-type': 'application/x-www-form-urlencoded' },
        ])
      : undefined;
    return {
      kind: made.kind,
      target,
      raw: made.raw,
      ...(headers ? { headers } : {}),
      oversize: Buffer.byteLength(made.raw) > this.bodyLimit,
    };
  }
}

/**
 * The test's own model of the permission rules and of the where language, used by the where-scope
 * property suite to know, without asking the server, which rows a caller may Find, Update or
 * Remove and which of them a where clause matches.
 *
 * The rule model follows the precedence of docs/security.md: record ACL (the user's own entry,
 * then the caller's roles, any DENY winning), owner policy, user rule on the table, role rules on
 * the table (any DENY winning), the roles' service-wide rules, then GRANT.
 */
import type { Rand } from './suite.test-helpers.js';

export type UserKey = 'A' | 'B' | 'C';
export type Op = 'Find' | 'Update' | 'Remove';
export type Access = 'GRANT' | 'DENY';
export const OPS: Op[] = ['Find', 'Update', 'Remove'];

/** A row of the scope tables, as the test created it. `key` names it in the scope definitions. */
export interface ItemRow {
  key: string;
  objectId: string;
  owner: UserKey | null;
  ownerId: string | null;
  name: string;
  tag: string | null;
  n: number | null;
  /** objectIds of the related Label records */
  labels: string[];
}

export interface LabelRow {
  objectId: string;
  name: string;
  rank: number | null;
}

export interface Caller {
  label: string;
  user: UserKey | null;
  apiKey: 'REST' | 'JS';
  /** role names, as the server gives them (client type, authenticated or not, assigned) */
  roles: string[];
}

export interface AclEntry {
  row: string;
  user?: UserKey;
  /** a role name, or '*' for every role */
  role?: string;
  op: Op;
  access: Access;
}

/** One permission scope: the rules of one table. `role: 'ALL'` stands for every role of the app. */
export interface Scope {
  name: string;
  table: string;
  roles: Array<{ role: string; op: Op; access: Access }>;
  users: Array<{ user: UserKey; op: Op; access: Access }>;
  owner: Array<{ op: Op; access: Access }>;
  acl: AclEntry[];
}

/** Service-wide role rules (`/security/roles/permissions/{roleId}`): they apply to every table. */
export interface ServiceRule {
  role: string;
  op: Op;
  access: Access;
}

/** Any DENY among matching role entries wins; otherwise a GRANT if there is one. */
function byRoles(entries: Array<{ access: Access }>): Access | undefined {
  if (!entries.length) return undefined;
  return entries.some((e) => e.access === 'DENY') ? 'DENY' : 'GRANT';
}

/** What the rules say for one caller, row and operation (docs/security.md, "Precedence"). */
export function decide(
  scope: Scope,
  service: ServiceRule[],
  allRoles: string[],
  caller: Caller,
  row: ItemRow,
  op: Op,
): Access {
  const expand = (role: string) => (role === 'ALL' ? allRoles : [role]);
  // 1. the record's ACL
  const acl = scope.acl.filter((e) => e.row === row.key && e.op === op);
  if (caller.user) {
    const mine = acl.find((e) => e.user === caller.user);
    if (mine) return mine.access;
  }
  const aclRoles = byRoles(
    acl.filter((e) => e.role !== undefined && (e.role === '*' || caller.roles.includes(e.role))),
  );
  if (aclRoles) return aclRoles;
  // 2. the owner policy
  if (caller.user && row.owner === caller.user) {
    const owner = scope.owner.find((e) => e.op === op);
    if (owner) return owner.access;
  }
  // 3. a rule for the user on the table
  if (caller.user) {
    const user = scope.users.find((e) => e.user === caller.user && e.op === op);
    if (user) return user.access;
  }
  // 4. role rules on the table, then the roles' service-wide rules
  const tableRoles = byRoles(
    scope.roles.filter((e) => e.op === op && expand(e.role).some((r) => caller.roles.includes(r))),
  );
  if (tableRoles) return tableRoles;
  const serviceRoles = byRoles(service.filter((e) => e.op === op && caller.roles.includes(e.role)));
  if (serviceRoles) return serviceRoles;
  return 'GRANT';
}

// ---------------------------------------------------------------------------------------------
// Where clauses with their meaning: three-valued logic as SQL evaluates it.

export type Tri = boolean | null;

const and3 = (a: Tri, b: Tri): Tri => (a === false || b === false ? false : a === null || b === null ? null : true);
const or3 = (a: Tri, b: Tri): Tri => (a === true || b === true ? true : a === null || b === null ? null : false);
const not3 = (a: Tri): Tri => (a === null ? null : !a);

/** A where text and what it means for a row. `prec`: 0 OR, 1 AND, 2 a single term. */
export interface Clause {
  text: string;
  ev: (row: ItemRow) => Tri;
  prec: 0 | 1 | 2;
}

/** What the test world holds, for the clause generator. */
export interface WhereWorld {
  rows: ItemRow[];
  labels: Map<string, LabelRow>;
  userIds: Record<UserKey, string>;
}

/** A string literal of the where language. */
export const lit = (v: string): string => `'${v.replace(/'/g, "''")}'`;

/** A LIKE pattern as a JS test: % any run, _ one character, case-insensitive (both databases). */
export function likeTest(pattern: string): (value: string) => boolean {
  const re = new RegExp(
    `^${[...pattern].map((ch) => (ch === '%' ? '.*' : ch === '_' ? '.' : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`,
    'is',
  );
  return (value) => re.test(value);
}

const CMP = ['=', '!=', '<', '<=', '>', '>='] as const;
type Cmp = (typeof CMP)[number];

function compare(op: Cmp, a: number, b: number): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

const FLIP: Record<Cmp, Cmp> = { '=': '=', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** Words of the seeded names: quotes and parentheses inside values must stay data. */
export const NAMES = [
  'apple',
  'apricot',
  'banana',
  'cherry',
  "o'hara",
  'x) or (1 = 1',
  'pear',
  'plum',
  'peach',
  "') or ('1'='1",
];
export const TAGS: Array<string | null> = ['red', 'green', 'blue', null];
export const LABEL_NAMES = ['urgent', 'later', 'maybe', "it's"];

/**
 * Random where clauses: valid ones with their meaning, and hostile ones (injection attempts,
 * unbalanced parentheses, comments, token soup) whose meaning is unknown.
 */
export class WhereGen {
  constructor(
    private readonly r: Rand,
    private readonly w: WhereWorld,
  ) {}

  private kw(word: string): string {
    return this.r.pick([
      word.toUpperCase(),
      word.toLowerCase(),
      word.toUpperCase(),
      word[0].toUpperCase() + word.slice(1).toLowerCase(),
    ]);
  }

  private sp(): string {
    return this.r.weighted([
      [12, ' '],
      [1, '  '],
      [1, '\n'],
      [1, '\t'],
    ]);
  }

  private id(name: string): string {
    return this.r.chance(0.2) ? `\`${name}\`` : name;
  }

  private path(...segs: string[]): string {
    return segs.map((s) => this.id(s)).join('.');
  }

  private strValue(pool: readonly string[]): string {
    return this.r.chance(0.85) ? this.r.pick(pool) : this.r.pick(['nothing', "it''s", '%', '', ' ', 'APPLE']);
  }

  private likePattern(pool: readonly string[]): string {
    const word = this.r.pick(pool);
    const cut = Math.max(1, Math.floor(word.length / 2));
    const p = this.r.pick([
      `${word.slice(0, cut)}%`,
      `%${word.slice(cut)}`,
      `%${word.slice(1, cut + 1)}%`,
      word,
      `${word[0]}_${word.slice(2)}`,
      '%',
      '%zz%',
      `%${word[0].toUpperCase()}%`,
    ]);
    return p;
  }

  private textPred(column: string, value: (row: ItemRow) => string | null, pool: readonly string[]): Clause {
    const c = this.id(column);
    const kind = this.r.int(0, 5);
    if (kind === 0 || kind === 1) {
      const v = this.strValue(pool);
      const op = kind === 0 ? '=' : this.r.pick(['!=', '<>']);
      return {
        text: `${c}${this.sp()}${op}${this.sp()}${lit(v)}`,
        prec: 2,
        ev: (row) => {
          const x = value(row);
          return x === null ? null : kind === 0 ? x === v : x !== v;
        },
      };
    }
    if (kind === 2 || kind === 3) {
      const p = this.likePattern(pool);
      const t = likeTest(p);
      const neg = kind === 3;
      return {
        text: `${c}${this.sp()}${neg ? `${this.kw('not')} ` : ''}${this.kw('like')}${this.sp()}${lit(p)}`,
        prec: 2,
        ev: (row) => {
          const x = value(row);
          return x === null ? null : neg ? !t(x) : t(x);
        },
      };
    }
    if (kind === 4) {
      const vs = this.r.some(pool, this.r.int(1, 4));
      const neg = this.r.chance(0.4);
      return {
        text: `${c} ${neg ? `${this.kw('not')} ` : ''}${this.kw('in')} (${vs.map(lit).join(', ')})`,
        prec: 2,
        ev: (row) => {
          const x = value(row);
          return x === null ? null : neg ? !vs.includes(x) : vs.includes(x);
        },
      };
    }
    const neg = this.r.chance(0.5);
    return {
      text: `${c} ${this.kw('is')} ${neg ? `${this.kw('not')} ` : ''}${this.kw('null')}`,
      prec: 2,
      ev: (row) => (value(row) === null) !== neg,
    };
  }

  private intPred(column: string, value: (row: ItemRow) => number | null): Clause {
    const c = this.id(column);
    const kind = this.r.int(0, 5);
    const k = this.r.int(-1, 10);
    if (kind <= 1) {
      const op = this.r.pick(CMP);
      const shown = op === '!=' && this.r.chance(0.3) ? '<>' : op;
      if (this.r.chance(0.25)) {
        // The literal on the left: `5 > n` means `n < 5`.
        return {
          text: `${k}${this.sp()}${shown}${this.sp()}${c}`,
          prec: 2,
          ev: (row) => {
            const x = value(row);
            return x === null ? null : compare(FLIP[op], x, k);
          },
        };
      }
      const asText = this.r.chance(0.1);
      return {
        text: `${c}${this.sp()}${shown}${this.sp()}${asText ? lit(String(k)) : k}`,
        prec: 2,
        ev: (row) => {
          const x = value(row);
          return x === null ? null : compare(op, x, k);
        },
      };
    }
    if (kind === 2) {
      const k2 = this.r.int(-1, 10);
      const neg = this.r.chance(0.4);
      return {
        text: `${c} ${neg ? `${this.kw('not')} ` : ''}${this.kw('between')} ${k} ${this.kw('and')} ${k2}`,
        prec: 2,
        ev: (row) => {
          const x = value(row);
          if (x === null) return null;
          const inside = x >= k && x <= k2;
          return neg ? !inside : inside;
        },
      };
    }
    if (kind === 3) {
      const ks = Array.from({ length: this.r.int(1, 5) }, () => this.r.int(-1, 10));
      const neg = this.r.chance(0.4);
      return {
        text: `${c} ${neg ? `${this.kw('not')} ` : ''}${this.kw('in')} (${ks.join(', ')})`,
        prec: 2,
        ev: (row) => {
          const x = value(row);
          return x === null ? null : neg ? !ks.includes(x) : ks.includes(x);
        },
      };
    }
    if (kind === 4) {
      // `= null` and `!= null` mean IS NULL and IS NOT NULL in this language.
      const neg = this.r.chance(0.5);
      return {
        text: `${c} ${neg ? '!=' : '='} ${this.kw('null')}`,
        prec: 2,
        ev: (row) => (value(row) === null) !== neg,
      };
    }
    const neg = this.r.chance(0.5);
    return {
      text: `${c} ${this.kw('is')} ${neg ? `${this.kw('not')} ` : ''}${this.kw('null')}`,
      prec: 2,
      ev: (row) => (value(row) === null) !== neg,
    };
  }

  private idPred(column: 'ownerId' | 'objectId'): Clause {
    const c = this.id(column);
    const value = (row: ItemRow) => (column === 'ownerId' ? row.ownerId : row.objectId);
    const pool =
      column === 'ownerId'
        ? [...Object.values(this.w.userIds), 'NoSuchUser0000000000000000000000000']
        : this.w.rows.map((x) => x.objectId);
    const kind = this.r.int(0, 3);
    if (kind === 0 || kind === 1) {
      const v = this.r.pick(pool);
      const neg = kind === 1;
      return {
        text: `${c} ${neg ? '!=' : '='} ${lit(v)}`,
        prec: 2,
        ev: (row) => {
          const x = value(row);
          return x === null ? null : neg ? x !== v : x === v;
        },
      };
    }
    if (kind === 2) {
      const vs = this.r.some(pool, this.r.int(1, 6));
      const neg = this.r.chance(0.35);
      return {
        text: `${c} ${neg ? `${this.kw('not')} ` : ''}${this.kw('in')} (${vs.map(lit).join(',')})`,
        prec: 2,
        ev: (row) => {
          const x = value(row);
          return x === null ? null : neg ? !vs.includes(x) : vs.includes(x);
        },
      };
    }
    const neg = this.r.chance(0.5);
    return {
      text: `${c} ${this.kw('is')} ${neg ? `${this.kw('not')} ` : ''}${this.kw('null')}`,
      prec: 2,
      ev: (row) => (value(row) === null) !== neg,
    };
  }

  /** A predicate through the relation: true when some related label satisfies it (EXISTS). */
  private relationPred(): Clause {
    const labelsOf = (row: ItemRow) => row.labels.map((id) => this.w.labels.get(id)).filter((l): l is LabelRow => !!l);
    const kind = this.r.int(0, 4);
    if (kind === 0) {
      const neg = this.r.chance(0.5);
      return {
        text: `${this.id('label')} ${this.kw('is')} ${neg ? `${this.kw('not')} ` : ''}${this.kw('null')}`,
        prec: 2,
        ev: (row) => (labelsOf(row).length === 0) !== neg,
      };
    }
    if (kind === 1) {
      const v = this.r.pick([...this.w.labels.keys()]);
      return { text: `${this.path('label', 'objectId')} = ${lit(v)}`, prec: 2, ev: (row) => row.labels.includes(v) };
    }
    if (kind === 2) {
      const op = this.r.pick(CMP);
      const k = this.r.int(0, 5);
      return {
        text: `${this.path('label', 'rank')} ${op} ${k}`,
        prec: 2,
        ev: (row) => labelsOf(row).some((l) => l.rank !== null && compare(op, l.rank, k)),
      };
    }
    const c = this.path('label', 'name');
    const v = this.r.pick(LABEL_NAMES);
    if (kind === 3) return { text: `${c} = ${lit(v)}`, prec: 2, ev: (row) => labelsOf(row).some((l) => l.name === v) };
    const p = this.likePattern(LABEL_NAMES);
    const t = likeTest(p);
    return { text: `${c} ${this.kw('like')} ${lit(p)}`, prec: 2, ev: (row) => labelsOf(row).some((l) => t(l.name)) };
  }

  private constPred(): Clause {
    const [text, value] = this.r.pick<[string, boolean]>([
      ['1 = 1', true],
      ['1 = 0', false],
      ['2 > 1', true],
      ["'a' = 'a'", true],
      ["'a' != 'a'", false],
      ['1 <> 1', false],
    ]);
    return { text, prec: 2, ev: () => value };
  }

  leaf(): Clause {
    return this.r.weighted<() => Clause>([
      [4, () => this.textPred('name', (row) => row.name, NAMES)],
      [
        2,
        () =>
          this.textPred(
            'tag',
            (row) => row.tag,
            TAGS.filter((t): t is string => t !== null),
          ),
      ],
      [4, () => this.intPred('n', (row) => row.n)],
      [3, () => this.idPred('ownerId')],
      [2, () => this.idPred('objectId')],
      [3, () => this.relationPred()],
      [1, () => this.constPred()],
    ])();
  }

  /** Wraps a clause in parentheses when its precedence is below `min` (or now and then anyway). */
  private wrap(c: Clause, min: number): string {
    return c.prec < min || this.r.chance(0.15) ? `(${c.text})` : c.text;
  }

  expr(depth = 0): Clause {
    const roll = this.r.float();
    if (depth >= 4 || roll < 0.35) return this.leaf();
    if (roll < 0.45) {
      const a = this.expr(depth + 1);
      const text = `${this.kw('not')} ${a.prec === 2 && !a.text.startsWith('(') && this.r.chance(0.5) ? a.text : `(${a.text})`}`;
      return { text, prec: 2, ev: (row) => not3(a.ev(row)) };
    }
    const a = this.expr(depth + 1);
    const b = this.expr(depth + 1);
    if (roll < 0.72) {
      return {
        text: `${this.wrap(a, 1)}${this.sp()}${this.kw('and')}${this.sp()}${this.wrap(b, 2)}`,
        prec: 1,
        ev: (row) => and3(a.ev(row), b.ev(row)),
      };
    }
    return {
      text: `${this.wrap(a, 0)}${this.sp()}${this.kw('or')}${this.sp()}${this.wrap(b, 1)}`,
      prec: 0,
      ev: (row) => or3(a.ev(row), b.ev(row)),
    };
  }

  /** A valid clause; now and then widened with an always-true OR, which must not widen the scope. */
  valid(): Clause {
    const c = this.expr();
    if (this.r.chance(0.2)) {
      const widen = this.r.pick([
        '1 = 1',
        "'1' = '1'",
        `${this.id('objectId')} ${this.kw('is')} ${this.kw('not')} ${this.kw('null')}`,
        `${this.id('n')} ${this.kw('is')} ${this.kw('null')} ${this.kw('or')} ${this.id('n')} ${this.kw('is')} ${this.kw('not')} ${this.kw('null')}`,
      ]);
      return { text: `${this.wrap(c, 0)} ${this.kw('or')} ${widen}`, prec: 0, ev: () => true };
    }
    if (this.r.chance(0.1)) {
      const other = this.r.pick(Object.values(this.w.userIds));
      return {
        text: `${this.wrap(c, 0)} ${this.kw('or')} ownerId = ${lit(other)}`,
        prec: 0,
        ev: (row) => or3(c.ev(row), row.ownerId === null ? null : row.ownerId === other),
      };
    }
    return c;
  }

  /** A clause whose parentheses do not balance on their own (400 expected). */
  unbalanced(): string {
    const v = this.valid().text;
    const other = lit(this.r.pick(Object.values(this.w.userIds)));
    return this.r.pick([
      `1 = 1) OR (1 = 1`,
      `1 = 1) or (${v}`,
      `${v}) OR (1 = 1`,
      `${v}) OR (ownerId = ${other}`,
      `1 = 1)) OR ((1 = 1`,
      `1 = 0) OR (1 = 1) OR (1 = 1`,
      `(${v}`,
      `((${v})`,
      `${v})`,
      `${v}))`,
      `) OR (${v}`,
      `${v} OR (1 = 1`,
      `${v}) AND (1 = 1`,
      `objectId IS NOT NULL) OR (objectId IS NOT NULL`,
      `n > 0) OR NOT (n > 0`,
      `name = 'x') OR ('1' = '1'`,
      `)(`,
      `(`,
      `)`,
    ]);
  }

  /** Injection attempts and malformed text: no known meaning, only the scope must hold. */
  hostile(): string {
    const v = this.valid().text;
    const other = this.r.pick(Object.values(this.w.userIds));
    const pieces = [
      '1',
      '=',
      'OR',
      'or',
      'AND',
      '(',
      ')',
      "'",
      "''",
      '`',
      '"',
      ';',
      '--',
      '/*',
      '*/',
      'NOT',
      'ownerId',
      'objectId',
      'name',
      'n',
      'label',
      'label.name',
      '.',
      ',',
      'IN',
      'IS',
      'NULL',
      'LIKE',
      "'%'",
      'TRUE',
      'SELECT',
      'UNION',
      '\\',
      '%',
      '1=1',
      `'${other}'`,
    ];
    return this.r.pick<() => string>([
      () => `') OR ('1'='1`,
      () => `x') OR ('1'='1`,
      () => `${v} OR 1 = 1 --`,
      () => `${v} /* ) OR (1 = 1 */`,
      () => `${v}; DROP TABLE Item`,
      () => `${v} UNION SELECT * FROM Item`,
      () => `name = 'x' OR '1'='1' --'`,
      () => `name = "x" OR "1"="1"`,
      () => `${v} OR objectId IN (SELECT objectId FROM Item)`,
      () => `ownerId = '${other}' OR ownerId != '${other}`,
      () => `ownerId = '${other}'' OR ''1''=''1'`,
      () => `name = '\\') OR (1 = 1 --'`,
      () => `1 = 1 OR`,
      () => `OR 1 = 1`,
      () => `NOT`,
      () => `${v} ${this.kw('or')} ${this.kw('not')}`,
      () => `\u0000) OR (1 = 1`,
      () => `${v}\u0000) OR (1 = 1`,
      () => `name = 'a'\u0000 OR 1 = 1`,
      () => `label.name = 'x' OR label.ownerId != '' OR 1 = 1) OR (1 = 1`,
      () => `label.nope = 1`,
      () => `label.name.x = 'a'`,
      () => Array.from({ length: this.r.int(1, 12) }, () => this.r.pick(pieces)).join(this.r.pick([' ', ''])),
      () => {
        const at = this.r.int(0, v.length);
        return `${v.slice(0, at)}${this.r.pick(pieces)}${v.slice(at)}`;
      },
    ])();
  }
}

/** Whether the parentheses outside quotes do not balance (closing before opening, or left open). */
export function parensUnbalanced(text: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) {
        if (text[i + 1] === quote) i++;
        else quote = null;
      }
      continue;
    }
    if (ch === "'" || ch === '`') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return true;
  }
  return quote === null && depth !== 0;
}

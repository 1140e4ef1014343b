import { describe, expect, it } from 'vitest';
import {
  buildDistanceClause,
  buildInClause,
  buildSearchCondition,
  buildSearchWhere,
  dateTimeSearchText,
  quoteColumnPath,
} from './search.js';
import { parseWhere } from './parser.js';
import { parseDateLiteral, formatDateTimeText } from './dates.js';

const person = {
  name: 'Person',
  columns: [
    { name: 'objectId', dataType: 'STRING_ID' },
    { name: 'name', dataType: 'STRING' },
    { name: 'code', dataType: 'STRING_ID' },
    { name: 'bio', dataType: 'TEXT' },
    { name: 'notes', dataType: 'EXTENDED_STRING' },
    { name: 'age', dataType: 'INT' },
    { name: 'score', dataType: 'DOUBLE' },
    { name: 'active', dataType: 'BOOLEAN' },
    { name: 'born', dataType: 'DATETIME' },
    { name: 'photo', dataType: 'FILE_REF' },
    { name: 'city', dataType: 'DATA_REF' },
    { name: 'location', dataType: 'GEO_REF' },
    { name: 'parent', dataType: 'CHILD_OF' },
    { name: 'odd', dataType: 'UNKNOWN' },
  ],
};

describe('buildSearchCondition', () => {
  it('contains-matches text and number columns in column order, skipping objectId and non-searchable types', () => {
    expect(buildSearchCondition(person, 'ab')).toBe(
      "`name` like '%ab%' or `code` like '%ab%' or `bio` like '%ab%' or `notes` like '%ab%' or `age` like '%ab%' or `score` like '%ab%' or `born` like '%ab%'",
    );
  });

  it('matches BOOLEAN only for true, false and null in any case', () => {
    const bool = { name: 'T', columns: [{ name: 'active', dataType: 'BOOLEAN' }] };
    expect(buildSearchCondition(bool, 'TRUE')).toBe('`active` = true');
    expect(buildSearchCondition(bool, 'False')).toBe('`active` = false');
    expect(buildSearchCondition(bool, 'null')).toBe('`active` is null');
    expect(buildSearchCondition(bool, 'yes')).toBeNull();
    expect(buildSearchCondition(person, 'true')).toContain('`active` = true');
  });

  it('turns times and dates into the DATETIME text form', () => {
    const dt = { name: 'T', columns: [{ name: 'born', dataType: 'DATETIME' }] };
    expect(buildSearchCondition(dt, '9:05:3 GMT')).toBe("`born` like '%09:05:03 GMT%'");
    expect(buildSearchCondition(dt, '9:5')).toBe("`born` like '%09:05%'");
    expect(buildSearchCondition(dt, '4/28/1990')).toBe("`born` like '%1990-04-28%'");
    expect(buildSearchCondition(dt, '4-8-1990')).toBe("`born` like '%1990-04-08%'");
    expect(buildSearchCondition(dt, 'hello')).toBe("`born` like '%hello%'");
  });

  it.each([
    ['10:30', '10:30'],
    ['1:02:03', '01:02:03'],
    ['9:05 G', '09:05 G'],
    ['9:05 GM', '09:05 GM'],
    ['9:05 GMT', '09:05 GMT'],
    ['9:05:07 GMT+3', '09:05:07 GMT+3'],
    ['12/31/2024', '2024-12-31'],
    ['1/2/99', '99-01-02'],
    ['4/28/1990 10:00', '1990-04-28 10:00'],
    ['GMT', 'GMT'],
    ['9:05 PST', '9:05 PST'],
    ['2024-01-31', '2024-01-31'],
  ])('dateTimeSearchText(%j) = %j', (input, expected) => {
    expect(dateTimeSearchText(input)).toBe(expected);
  });

  it('excludes the Users secret columns only on the table named Users', () => {
    const cols = ['email', 'password', 'socialAccount', 'userStatus', 'lastLogin', 'isEmailConfirmed', 'name'].map(
      (name) => ({ name, dataType: 'STRING' }),
    );
    expect(buildSearchCondition({ name: 'Users', columns: cols }, 'x')).toBe("`email` like '%x%' or `name` like '%x%'");
    expect(buildSearchCondition({ name: 'users', columns: cols }, 'x')).toContain('`password`');
    const dt = [
      { name: 'lastLogin', dataType: 'DATETIME' },
      { name: 'isEmailConfirmed', dataType: 'BOOLEAN' },
    ];
    expect(buildSearchCondition({ name: 'Users', columns: dt }, 'true')).toBeNull();
  });

  it('escapes quotes and back-quotes so the result always parses', () => {
    const t = {
      name: 'T',
      columns: [
        { name: 'we`ird', dataType: 'STRING' },
        { name: 'a.b', dataType: 'STRING' },
      ],
    };
    const cond = buildSearchCondition(t, "O'Brien")!;
    expect(cond).toBe("`we``ird` like '%O''Brien%' or `a`.`b` like '%O''Brien%'");
    const ast = parseWhere(cond) as any;
    expect(ast.left.pattern.value).toBe("%O'Brien%");
    expect(ast.left.target.path).toEqual(['we`ird']);
    expect(() => parseWhere(buildSearchCondition(person, "x'; DROP TABLE Person; --")!)).not.toThrow();
  });

  it('quotes column paths per segment unless already quoted or indexed', () => {
    expect(quoteColumnPath('a.b.c')).toBe('`a`.`b`.`c`');
    expect(quoteColumnPath('`a`.b')).toBe('`a`.`b`');
    expect(quoteColumnPath('items[0].name')).toBe('items[0].`name`');
  });
});

describe('buildSearchWhere', () => {
  const t = { name: 'T', columns: [{ name: 'name', dataType: 'STRING' }] };
  it('combines the search with the filter string', () => {
    expect(buildSearchWhere(t, ' bob ', 'age > 3')).toBe("age > 3 AND (`name` like '%bob%')");
    expect(buildSearchWhere(t, 'bob')).toBe("`name` like '%bob%'");
    expect(buildSearchWhere(t, '', 'age > 3')).toBe('age > 3');
    expect(buildSearchWhere(t, '  ', '  ')).toBeUndefined();
    expect(buildSearchWhere(t, undefined, null)).toBeUndefined();
  });
  it('uses the text verbatim in SQL-search mode', () => {
    expect(buildSearchWhere(t, " name = 'x' ", 'age > 3', { sqlSearch: true })).toBe("age > 3 AND (name = 'x')");
    expect(buildSearchWhere(t, "name = 'x'", undefined, { sqlSearch: true })).toBe("name = 'x'");
  });
  it('leaves the filter alone when no column can match', () => {
    const b = { name: 'T', columns: [{ name: 'flag', dataType: 'BOOLEAN' }] };
    expect(buildSearchWhere(b, 'bob', 'age > 3')).toBe('age > 3');
  });
});

describe('clause helpers', () => {
  it('builds IN lists with quoted strings and nothing for an empty list', () => {
    expect(buildInClause('name', ['a', "O'B", 3])).toBe("`name` in ('a', 'O''B', 3)");
    expect(buildInClause('name', [])).toBeUndefined();
    expect(parseWhere(buildInClause('a.b', ['x'])!)).toMatchObject({ kind: 'in', target: { path: ['a', 'b'] } });
  });
  it('builds distance clauses in every unit, meters as kilometres', () => {
    expect(
      buildDistanceClause({ latitude: 30.26, longitude: -97.74, radius: 200, units: 'miles', column: 'location' }),
    ).toBe('distance(30.26, -97.74, `location`.`latitude`, `location`.`longitude`) < mi(200)');
    expect(buildDistanceClause({ latitude: 1, longitude: 2, radius: 300, units: 'yards' })).toBe(
      'distance(1, 2, `latitude`, `longitude`) < yd(300)',
    );
    expect(buildDistanceClause({ latitude: 1, longitude: 2, radius: 5, units: 'kilometers' })).toMatch(/< km\(5\)$/);
    const meters = buildDistanceClause({ latitude: 1, longitude: 2, radius: 1500, units: 'meters', column: 'loc' });
    expect(meters).toMatch(/< km\(1\.5\)$/);
    expect((parseWhere(meters) as any).right).toMatchObject({ kind: 'unit', unit: 'KM', km: 1.5 });
  });
});

describe('date literals', () => {
  it.each([
    ['2024-01-31', Date.UTC(2024, 0, 31)],
    ['2024-01-31 10:00:00', Date.UTC(2024, 0, 31, 10)],
    ['2024-01-31 10:00', Date.UTC(2024, 0, 31, 10)],
    ['2024-01-31T10:00:00.250Z', Date.UTC(2024, 0, 31, 10, 0, 0, 250)],
    ['2024-01-31T10:00:00+02:00', Date.UTC(2024, 0, 31, 8)],
    ['2024-01-31 10:00:00 GMT', Date.UTC(2024, 0, 31, 10)],
    ['1/31/2024', Date.UTC(2024, 0, 31)],
    ['01/31/2024 23:59:59', Date.UTC(2024, 0, 31, 23, 59, 59)],
  ])('%s', (text, ms) => {
    expect(parseDateLiteral(text)).toBe(ms);
  });
  it.each(['2024-02-30', '2024-13-01', 'yesterday', '31/01/2024', '2024-01-31 25:00', ''])('refuses %j', (text) => {
    expect(parseDateLiteral(text)).toBeNull();
  });
  it('formats the LIKE text in UTC', () => {
    expect(formatDateTimeText(Date.UTC(1990, 3, 28, 9, 5, 3))).toBe('1990-04-28 09:05:03');
  });
});

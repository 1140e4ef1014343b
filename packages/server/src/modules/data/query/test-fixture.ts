import type { Kysely } from 'kysely';
import type { ScalarDataType, RelationshipType } from '@basalt/shared';
import type { ColumnInfo, RelationInfo, SchemaResolver, TableInfo } from '../model.js';

/**
 * A small app schema built for the where compiler's tests: real tables following the storage
 * rules of model.ts (epoch-ms DATETIME, 0/1 or boolean BOOLEAN, link tables for relations), with
 * physical names unlike the public ones so the tests prove that only `sqlName`s reach SQL.
 *
 *   Country(name, code)   City(name, population, country → Country 1:1)   Tag(label)   Place(latitude, longitude)
 *   Person(name, bio, age, score, active, born, photo, city → City 1:1, tags → Tag 1:N,
 *          friends → Person 1:N, location → Place GEO_REF 1:1)
 */

const sqlTypes: Record<ScalarDataType, 'text' | 'bigint' | 'double precision' | 'boolean'> = {
  STRING: 'text', STRING_ID: 'text', EXTENDED_STRING: 'text', TEXT: 'text', FILE_REF: 'text',
  INT: 'bigint', DATETIME: 'bigint', DOUBLE: 'double precision', BOOLEAN: 'boolean',
  // Spatial columns are not part of this fixture (spatial.test.ts makes real ones).
  POINT: 'text', LINESTRING: 'text', POLYGON: 'text', GEOMETRY: 'text', JSON: 'text',
};

function column(name: string, dataType: ScalarDataType, system = false): ColumnInfo {
  return { name, sqlName: system ? name : `c_${name.toLowerCase()}`, dataType, required: false, unique: false, indexed: false, defaultValue: null, system };
}

function table(name: string, cols: [string, ScalarDataType][], relations: [string, string, RelationshipType, ('DATA_REF' | 'GEO_REF')?][] = []): TableInfo {
  return {
    tableId: `id-${name}`,
    name,
    sqlName: `t_${name.toLowerCase()}`,
    system: false,
    columns: [column('objectId', 'STRING_ID', true), column('created', 'DATETIME', true), column('updated', 'DATETIME', true), column('ownerId', 'STRING', true), ...cols.map(([n, t]) => column(n, t))],
    relations: relations.map(([n, to, type, dataType]): RelationInfo => ({ name: n, toTableName: to, relationshipType: type, dataType: dataType ?? 'DATA_REF', linkTable: `l_${name.toLowerCase()}_${n.toLowerCase()}` })),
  };
}

export const Country = table('Country', [['name', 'STRING'], ['code', 'STRING_ID']]);
export const City = table('City', [['name', 'STRING'], ['population', 'INT']], [['country', 'Country', 'ONE_TO_ONE']]);
export const Tag = table('Tag', [['label', 'STRING']]);
export const Place = table('Place', [['latitude', 'DOUBLE'], ['longitude', 'DOUBLE']]);
export const Person = table(
  'Person',
  [['name', 'STRING'], ['bio', 'TEXT'], ['age', 'INT'], ['score', 'DOUBLE'], ['active', 'BOOLEAN'], ['born', 'DATETIME'], ['photo', 'FILE_REF']],
  [['city', 'City', 'ONE_TO_ONE'], ['tags', 'Tag', 'ONE_TO_MANY'], ['friends', 'Person', 'ONE_TO_MANY'], ['location', 'Place', 'ONE_TO_ONE', 'GEO_REF']],
);
export const tables = [Country, City, Tag, Place, Person];
export const schema: SchemaResolver = { table: (name) => tables.find((t) => t.name === name) };

const T0 = Date.UTC(2024, 5, 1);
const utc = (s: string) => Date.parse(`${s}Z`);

type Row = Record<string, unknown>;
const rows: Record<string, Row[]> = {
  Country: [
    { objectId: 'FR', name: 'France', code: 'FR' },
    { objectId: 'DE', name: 'Germany', code: 'DE' },
  ],
  City: [
    { objectId: 'paris', name: 'Paris', population: 2_100_000 },
    { objectId: 'lyon', name: 'Lyon', population: 500_000 },
    { objectId: 'berlin', name: 'Berlin', population: 3_600_000 },
    { objectId: 'nowhere', name: 'Nowhere', population: null },
  ],
  Tag: [
    { objectId: 'red', label: 'red' },
    { objectId: 'green', label: 'green' },
    { objectId: 'blue', label: 'blue' },
  ],
  Place: [
    { objectId: 'eiffel', latitude: 48.8584, longitude: 2.2945 },
    { objectId: 'alex', latitude: 52.5219, longitude: 13.4132 },
    { objectId: 'liberty', latitude: 40.6892, longitude: -74.0445 },
  ],
  Person: [
    { objectId: 'p1', name: 'Alice', bio: 'Likes Paris', age: 30, score: 4.5, active: true, born: utc('1990-04-28T09:05:03'), ownerId: 'u1' },
    { objectId: 'p2', name: 'bob', bio: 'Berliner', age: 42, score: 2.0, active: false, born: utc('1985-12-01T00:00:00'), ownerId: 'u1' },
    { objectId: 'p3', name: 'Carol', bio: null, age: 25, score: null, active: null, born: null, ownerId: 'u2' },
    { objectId: 'p4', name: 'dave', bio: '100% real', age: 14, score: 3.25, active: true, born: utc('2001-01-31T10:00:00'), ownerId: null },
    { objectId: 'p5', name: "O'Brien", bio: 'under_score', age: 40, score: 0.5, active: false, born: utc('2024-01-31T23:59:59'), ownerId: 'u2' },
  ],
};

/** [table, relation, parent, child] in position order */
const links: [TableInfo, string, string, string][] = [
  [City, 'country', 'paris', 'FR'], [City, 'country', 'lyon', 'FR'], [City, 'country', 'berlin', 'DE'],
  [Person, 'city', 'p1', 'paris'], [Person, 'city', 'p2', 'berlin'], [Person, 'city', 'p3', 'lyon'], [Person, 'city', 'p5', 'paris'],
  [Person, 'tags', 'p1', 'red'], [Person, 'tags', 'p1', 'green'], [Person, 'tags', 'p2', 'blue'], [Person, 'tags', 'p4', 'red'],
  [Person, 'tags', 'p5', 'green'], [Person, 'tags', 'p5', 'blue'],
  [Person, 'friends', 'p1', 'p2'], [Person, 'friends', 'p1', 'p3'], [Person, 'friends', 'p3', 'p5'], [Person, 'friends', 'p4', 'p1'],
  [Person, 'location', 'p1', 'eiffel'], [Person, 'location', 'p2', 'alex'], [Person, 'location', 'p4', 'liberty'],
];

/** Creates and fills the fixture tables in an app data store (`db` is `dbs.app(appId)`). */
export async function createFixture(db: Kysely<any>, booleanValue: (b: boolean) => unknown): Promise<void> {
  for (const t of tables) {
    let create = db.schema.createTable(t.sqlName);
    for (const c of t.columns) create = create.addColumn(c.sqlName, sqlTypes[c.dataType], (b) => (c.name === 'objectId' ? b.primaryKey() : b));
    await create.execute();
    for (const r of t.relations) {
      await db.schema.createTable(r.linkTable).addColumn('parent_id', 'text', (b) => b.notNull()).addColumn('child_id', 'text', (b) => b.notNull()).addColumn('position', 'integer', (b) => b.notNull()).execute();
    }
    const values = rows[t.name].map((row, i) => {
      const out: Row = {};
      for (const c of t.columns) {
        const v = c.name === 'created' || c.name === 'updated' ? T0 + i * 1000 : row[c.name];
        out[c.sqlName] = typeof v === 'boolean' ? booleanValue(v) : (v ?? null);
      }
      return out;
    });
    await db.insertInto(t.sqlName).values(values).execute();
  }
  const position = new Map<string, number>();
  for (const [t, rel, parent, child] of links) {
    const linkTable = t.relations.find((r) => r.name === rel)!.linkTable;
    const key = `${linkTable}/${parent}`;
    const pos = position.get(key) ?? 0;
    position.set(key, pos + 1);
    await db.insertInto(linkTable).values({ parent_id: parent, child_id: child, position: pos }).execute();
  }
}

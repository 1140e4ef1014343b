import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/architecture.md ("Dependency rules"), checked on the source: SQL is written
 * in repositories (`*.repo.ts`), the database layer (`db/`), migrations, and the data module's
 * query engine (decision 0040); never in route files or in other services.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Kysely's query builders, its `sql` template, raw compiled queries and statements prepared from text. */
const SQL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`|\bsql<|\.executeQuery\(|\.prepare\(\s*['"`]/;

/**
 * Files outside the layers above that still hold SQL, each with why. The list only shrinks: a file
 * here that no longer holds SQL fails the test too, so it is taken off when its SQL moves.
 */
const KNOWN: Record<string, string> = {
  'http/app-auth.ts': "userFacts reads the Users row of a token's user; app-user sessions are being reworked there",
  'http/health.ts': 'the readiness probe runs `select 1`: it reads no data',
  'modules/accounts/recovery-codes.ts': 'is the repository of dev_recovery_codes (the class over that table)',
  'modules/hives/sql-hive-store.ts': "is hives' SQL backend beside the Redis one: a repository behind HiveBackend",
  'modules/messaging/device-where.ts': "compiles the devices' where language to SQL, as data/query does for records",
  'realtime/record-lookup.ts': "reads the owners of records whose changes real time sends (the data module's tables)",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Where SQL may be written: repositories, the database layer, migrations, the query engine, tests. */
function mayHoldSql(rel: string): boolean {
  const name = path.basename(rel);
  return (
    name.includes('.repo.') ||
    rel.startsWith('db/') ||
    /migrations?\.ts$/.test(name) ||
    (rel.startsWith('modules/data/') && !name.endsWith('.routes.ts')) ||
    name.endsWith('.test.ts') ||
    /test-helpers\.ts$/.test(name)
  );
}

const files = sourceFiles(SRC).map((f) => ({
  rel: path.relative(SRC, f).split(path.sep).join('/'),
  text: fs.readFileSync(f, 'utf8'),
}));
const holdingSql = files.filter((f) => SQL.test(f.text)).map((f) => f.rel);

describe('layers', () => {
  it('finds SQL where it is written (the check can see it)', () => {
    expect(holdingSql).toContain('modules/security/sessions.repo.ts');
    expect(holdingSql).toContain('modules/data/query/select.ts');
  });

  it('route files hold no SQL', () => {
    expect(holdingSql.filter((f) => f.endsWith('.routes.ts'))).toEqual([]);
  });

  it('services and other files outside repositories hold no SQL', () => {
    const outside = holdingSql.filter((f) => !mayHoldSql(f) && !(f in KNOWN));
    expect(outside).toEqual([]);
  });

  it('every known exception still holds SQL (the list only shrinks)', () => {
    expect(Object.keys(KNOWN).filter((f) => !holdingSql.includes(f) || mayHoldSql(f))).toEqual([]);
  });
});

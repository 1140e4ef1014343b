import type { CounterItem, CountersQuery } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { CountersRepo, type CounterRow } from './counters.repo.js';
import { globToLike, hasControlCharacters } from './glob.js';

const MAX = Number.MAX_SAFE_INTEGER;
/** listNames answers at most this many names (the console pages with `get`). */
const MAX_NAMES = 10_000;

function item(row: Pick<CounterRow, 'name' | 'value'>): CounterItem {
  return { objectId: row.name, name: row.name, value: Number(row.value) };
}

/** Path parameters carry no schema, so the name is checked here. */
function checkName(name: string): string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 255)
    throw ApiError.field('BAD_REQUEST', 'name', 'A counter name has 1 to 255 characters');
  if (name.includes('/') || hasControlCharacters(name))
    throw ApiError.field('BAD_REQUEST', 'name', 'A counter name cannot contain slashes or control characters');
  return name;
}

function checkValue(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw ApiError.field('BAD_REQUEST', field, `${field} must be a whole number between ±${MAX}`);
  return value;
}

/** A `*` pattern matches everything: skip the LIKE so the name index serves the query alone. */
function likeOf(pattern: string | undefined): string | undefined {
  if (pattern === undefined || pattern === '' || /^\*+$/.test(pattern)) return undefined;
  return globToLike(pattern);
}

/** Atomic counters of an application: console management and the app-facing operations. */
export class CountersService {
  private readonly repo: CountersRepo;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new CountersRepo(ctx.dbs);
  }

  async list(appId: string, q: CountersQuery): Promise<{ data: CounterItem[]; totalRows: number }> {
    const like = likeOf(q.pattern);
    const [rows, totalRows] = await Promise.all([
      this.repo.page(appId, {
        like,
        sortField: q.sortField ?? 'name',
        sortDir: q.sortDir?.toLowerCase() === 'desc' ? 'desc' : 'asc',
        limit: Math.min(q.pageSize ?? 100, 100),
        offset: q.offset ?? 0,
      }),
      this.repo.count(appId, like),
    ]);
    return { data: rows.map(item), totalRows };
  }

  listNames(appId: string, pattern: string): Promise<string[]> {
    if (pattern.length > 255)
      throw ApiError.field('BAD_REQUEST', 'pattern', 'A name pattern has at most 255 characters');
    return this.repo.names(appId, likeOf(pattern), MAX_NAMES);
  }

  async listByNames(appId: string, names: string[]): Promise<CounterItem[]> {
    const rows = await this.repo.byNames(appId, [...new Set(names.map(checkName))]);
    return rows.map(item);
  }

  async create(appId: string, name: string, value = 0): Promise<CounterItem> {
    checkName(name);
    checkValue(value, 'value');
    if (!(await this.repo.insert(appId, name, value, this.ctx.dbs.now())))
      throw ApiError.conflict(`A counter named '${name}' already exists`, { name });
    return item({ name, value });
  }

  /**
   * Console compare-and-set: writes `newValue` only if the counter still holds `currentValue`.
   * A stale `currentValue` is a 409 whose details carry the value now, so the console can offer
   * a retry from it.
   */
  async update(appId: string, name: string, currentValue: number, newValue: number): Promise<CounterItem> {
    checkName(name);
    checkValue(currentValue, 'currentValue');
    checkValue(newValue, 'newValue');
    if (await this.repo.compareAndSet(appId, name, currentValue, newValue, this.ctx.dbs.now()))
      return item({ name, value: newValue });
    const now = await this.repo.get(appId, name);
    if (!now) throw ApiError.notFound(`Counter '${name}' does not exist`);
    const value = Number(now.value);
    throw ApiError.conflict(`Counter '${name}' is now ${value}, not ${currentValue}`, { name, value });
  }

  async remove(appId: string, name: string): Promise<void> {
    checkName(name);
    if (!(await this.repo.delete(appId, name))) throw ApiError.notFound(`Counter '${name}' does not exist`);
  }

  // App-facing operations. A counter that does not exist yet counts as 0 and is created on its
  // first change, as app clients expect.

  async get(appId: string, name: string): Promise<number> {
    const row = await this.repo.get(appId, checkName(name));
    return row ? Number(row.value) : 0;
  }

  /** Adds `delta` (negative to subtract) atomically; answers the value after. */
  async addAndGet(appId: string, name: string, delta: number): Promise<number> {
    checkName(name);
    checkValue(delta, 'value');
    const after = await this.repo.addAndGet(appId, name, delta, this.ctx.dbs.now(), MAX);
    if (after === undefined) throw ApiError.conflict(`Counter '${name}' would go beyond ±${MAX}`, { name });
    return after;
  }

  /** Adds `delta` atomically; answers the value before. */
  async getAndAdd(appId: string, name: string, delta: number): Promise<number> {
    return (await this.addAndGet(appId, name, delta)) - delta;
  }

  /** App-facing compare-and-set: true when `expected` matched (a missing counter matches 0). */
  async compareAndSet(appId: string, name: string, expected: number, updated: number): Promise<boolean> {
    checkName(name);
    checkValue(expected, 'expected');
    checkValue(updated, 'updatedvalue');
    const now = this.ctx.dbs.now();
    if (await this.repo.compareAndSet(appId, name, expected, updated, now)) return true;
    // Only a counter that does not exist yet can still match 0: creating it is atomic too.
    return expected === 0 && (await this.repo.insert(appId, name, updated, now));
  }

  async reset(appId: string, name: string): Promise<void> {
    await this.repo.set(appId, checkName(name), 0, this.ctx.dbs.now());
  }
}

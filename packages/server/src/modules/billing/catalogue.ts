import fs from 'node:fs';
import { PlanComponentIds, type PlanComponentId, type PlanLine } from '@basalt/shared';

/** What each component is: its name and unit for the console, rate or capacity, and whether it is enforced. */
export interface ComponentSpec {
  id: PlanComponentId;
  name: string;
  unit: string;
  kind: 'rate' | 'capacity';
  /** Checked by the platform in this edition; the others are shown with their limit only. */
  enforced: boolean;
}

const spec = (
  id: PlanComponentId,
  name: string,
  unit: string,
  kind: 'rate' | 'capacity',
  enforced: boolean,
): ComponentSpec => ({ id, name, unit, kind, enforced });

/** Every component, in the order the console lists them. */
export const COMPONENTS: ReadonlyMap<PlanComponentId, ComponentSpec> = new Map(
  [
    spec('api-calls-per-minute', 'API calls per minute', 'calls', 'rate', true),
    spec('api-calls-per-day', 'API calls per day', 'calls', 'rate', true),
    spec('db-storage-bytes', 'Database storage', 'bytes', 'capacity', false),
    spec('file-storage-bytes', 'File storage', 'bytes', 'capacity', true),
    spec('tables', 'Tables', 'tables', 'capacity', true),
    spec('records-per-table', 'Records per table', 'records', 'capacity', false),
    spec('hive-bytes', 'Hive storage', 'bytes', 'capacity', false),
    spec('hive-keys', 'Hive keys', 'keys', 'capacity', false),
    spec('realtime-connections', 'Real-time connections', 'connections', 'capacity', false),
    spec('team-members', 'Team members', 'developers', 'capacity', false),
    spec('cloud-code-ms-per-day', 'Cloud code time per day', 'ms', 'rate', false),
    spec('flow-runs-per-month', 'Flow runs per month', 'runs', 'rate', false),
    spec('ui-containers', 'UI containers', 'containers', 'capacity', false),
  ].map((c) => [c.id, c]),
);

/** One plan as the operator defined it; a component it does not name is unlimited. */
export interface CataloguePlan {
  id: string;
  line: PlanLine;
  name: string;
  periods: { monthly: number; yearly: number };
  /** Finite limits only; a missing component or a null limit is unlimited. */
  limits: ReadonlyMap<PlanComponentId, number>;
  public: boolean;
  /**
   * The call limits as the app API's gate reads them on every request (worked out once here):
   * undefined when unlimited, with the counts at which 80, 90 and 100 % are reached.
   */
  calls: { perMinute?: number; perDay?: number; minuteMarks: number[]; dayMarks: number[] };
}

/** The counts at which a limit's 80, 90 and 100 % are reached (at least 1). */
function marks(limit: number | undefined): number[] {
  return limit === undefined ? [] : [80, 90, 100].map((t) => Math.max(1, Math.ceil((limit * t) / 100)));
}

/** A plan's `calls`, from its limits. */
function callsOf(limits: ReadonlyMap<PlanComponentId, number>): CataloguePlan['calls'] {
  const perMinute = limits.get('api-calls-per-minute');
  const perDay = limits.get('api-calls-per-day');
  return { perMinute, perDay, minuteMarks: marks(perMinute), dayMarks: marks(perDay) };
}

/** The operator's plans: the first plan of each line is where new apps start. */
export interface Catalogue {
  plans: ReadonlyMap<string, CataloguePlan>;
  defaults: Record<PlanLine, CataloguePlan>;
  /** Whether any plan limits API calls: without one, the app API never counts a call for plans. */
  limitsCalls: boolean;
  /** Components some application plan limits: the others are never measured before a write. */
  limited: ReadonlySet<PlanComponentId>;
  /** Where it came from, for messages (`built-in` or the file path). */
  source: string;
}

/** The built-in catalogue: one free, unlimited plan per line, so a fresh install behaves as before. */
function builtIn(): CataloguePlan[] {
  const plan = (line: PlanLine): CataloguePlan => ({
    id: 'self-hosted',
    line,
    name: 'Self-hosted',
    periods: { monthly: 0, yearly: 0 },
    limits: new Map(),
    public: true,
    calls: callsOf(new Map()),
  });
  return [plan('application'), plan('automation')];
}

/** A plan file's mistake: stops the server at start naming the file and the field. */
class PlanFileError extends Error {
  constructor(file: string, field: string, problem: string) {
    super(`BASALT_PLANS_FILE ${file}: ${field} ${problem}`);
    this.name = 'PlanFileError';
  }
}

const ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

function price(file: string, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new PlanFileError(file, field, 'must be a price of 0 or more');
  return value;
}

/** Reads one plan of the file, refusing anything it cannot use as written. */
function planOf(file: string, raw: unknown, i: number): CataloguePlan {
  const at = `[${i}]`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new PlanFileError(file, at, 'must be an object');
  const p = raw as Record<string, unknown>;
  if (typeof p.id !== 'string' || !ID.test(p.id))
    throw new PlanFileError(file, `${at}.id`, 'must be lower-case letters, digits, - and _ (1 to 64)');
  if (p.id === 'current') throw new PlanFileError(file, `${at}.id`, "'current' names the app's present plan");
  const line = p.line ?? 'application';
  if (line !== 'application' && line !== 'automation')
    throw new PlanFileError(file, `${at}.line`, "must be 'application' or 'automation'");
  if (typeof p.name !== 'string' || p.name.trim() === '' || p.name.length > 100)
    throw new PlanFileError(file, `${at}.name`, 'must be text of 1 to 100 characters');
  const periods = p.periods ?? { monthly: 0, yearly: 0 };
  if (!periods || typeof periods !== 'object') throw new PlanFileError(file, `${at}.periods`, 'must be an object');
  const { monthly, yearly } = periods as Record<string, unknown>;
  const limits = new Map<PlanComponentId, number>();
  const components = p.components ?? [];
  if (!Array.isArray(components)) throw new PlanFileError(file, `${at}.components`, 'must be a list');
  components.forEach((c: unknown, j: number) => {
    const cat = `${at}.components[${j}]`;
    const { id, limit } = (c ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || !COMPONENTS.has(id as PlanComponentId))
      throw new PlanFileError(file, `${cat}.id`, `must be one of ${PlanComponentIds.join(', ')}`);
    if (limits.has(id as PlanComponentId)) throw new PlanFileError(file, `${cat}.id`, `names '${id}' twice`);
    if (limit === null || limit === undefined) return;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0)
      throw new PlanFileError(file, `${cat}.limit`, 'must be a whole number of 0 or more, or null for unlimited');
    limits.set(id as PlanComponentId, limit);
  });
  if (p.public !== undefined && typeof p.public !== 'boolean')
    throw new PlanFileError(file, `${at}.public`, 'must be true or false');
  return {
    id: p.id,
    line,
    name: p.name.trim(),
    periods: {
      monthly: price(file, `${at}.periods.monthly`, monthly ?? 0),
      yearly: price(file, `${at}.periods.yearly`, yearly ?? 0),
    },
    limits,
    public: p.public !== false,
    calls: callsOf(limits),
  };
}

/** Reads and checks the operator's file: `[{id, line, name, periods, components: [{id, limit}], public}]`. */
export function readPlansFile(file: string): CataloguePlan[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new PlanFileError(file, 'the file', `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new PlanFileError(file, 'the file', `is not JSON (${(err as Error).message})`);
  }
  if (!Array.isArray(raw) || raw.length === 0)
    throw new PlanFileError(file, 'the top level', 'must be a list of plans');
  if (raw.length > 200) throw new PlanFileError(file, 'the top level', 'holds at most 200 plans');
  const plans = raw.map((p, i) => planOf(file, p, i));
  const seen = new Set<string>();
  plans.forEach((p, i) => {
    const key = `${p.line}/${p.id}`;
    if (seen.has(key)) throw new PlanFileError(file, `[${i}].id`, `'${p.id}' is already a plan of the ${p.line} line`);
    seen.add(key);
  });
  return plans;
}

/**
 * The catalogue of this server: the file's plans when `BASALT_PLANS_FILE` is set (a line the file
 * leaves without plans keeps the built-in one), else the built-in one. New apps start on the first
 * plan of each line.
 */
export function loadCatalogue(file: string | undefined): Catalogue {
  const fromFile = file ? readPlansFile(file) : [];
  const plans = new Map<string, CataloguePlan>();
  const defaults = {} as Record<PlanLine, CataloguePlan>;
  for (const p of [...fromFile, ...builtIn()]) {
    if (defaults[p.line] && !fromFile.includes(p)) continue;
    defaults[p.line] ??= p;
    plans.set(`${p.line}/${p.id}`, p);
  }
  const limitsCalls = [...plans.values()].some(
    (p) => p.line === 'application' && (p.limits.has('api-calls-per-minute') || p.limits.has('api-calls-per-day')),
  );
  const limited = new Set<PlanComponentId>();
  for (const p of plans.values()) if (p.line === 'application') for (const id of p.limits.keys()) limited.add(id);
  return { plans, defaults, limitsCalls, limited, source: file ?? 'built-in' };
}

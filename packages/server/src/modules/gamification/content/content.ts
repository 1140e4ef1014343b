/**
 * The shape of missions content (packs → missions → tasks, levels, trivia) and its checks. A task
 * is a rule: `count` events named `event` complete it. The loader refuses content whose ids repeat,
 * whose tasks name an event the platform does not publish, whose prerequisites name unknown
 * missions or form a cycle, or whose trivia has no right answer: bad content stops the server at
 * start, naming what is wrong, instead of showing a map nobody can finish.
 */

/** The platform events a task can count (the evaluator subscribes to each). */
export const TASK_EVENTS = [
  'table.created',
  'record.created',
  'file.uploaded',
  'service.deployed',
  'flow.version.enabled',
  'ui.container.published',
  'api.calls',
  'social.shared',
] as const;
export type TaskEvent = (typeof TASK_EVENTS)[number];

export interface ContentTask {
  id: string;
  title: string;
  description: string;
  event: string;
  count: number;
  xp: number;
  points: number;
  trivia?: string;
  social?: boolean;
}

export interface ContentMission {
  id: string;
  title: string;
  description: string;
  x: number;
  y: number;
  requires: string[];
  badge?: { id: string; title: string; description: string };
  tasks: ContentTask[];
}

export interface ContentFile {
  version: number;
  levels: Array<{ level: number; title: string; xp: number }>;
  packs: Array<{ id: string; title: string; description: string; missions: ContentMission[] }>;
  trivia: Array<{
    id: string;
    question: string;
    multiplier: number;
    answers: Array<{ id: string; text: string; correct?: boolean }>;
  }>;
  socialPosts: Array<{ id: string; text: string }>;
}

/** A task with where it sits, as the evaluator and the routes look it up. */
export interface IndexedTask extends ContentTask {
  missionId: string;
  packId: string;
}

/** Content checked and indexed once at start. */
export interface Content {
  file: ContentFile;
  tasks: Map<string, IndexedTask>;
  missions: Map<string, ContentMission & { packId: string }>;
  byEvent: Map<string, IndexedTask[]>;
  trivia: Map<string, ContentFile['trivia'][number]>;
  badges: Map<string, { id: string; title: string; description: string; missionId: string }>;
}

function fail(what: string): never {
  throw new Error(`Missions content: ${what}`);
}

function unique(seen: Set<string>, id: string, kind: string): void {
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(id))
    fail(`${kind} id '${String(id)}' is not a plain id`);
  if (seen.has(id)) fail(`${kind} id '${id}' is used twice`);
  seen.add(id);
}

/** Checks and indexes content; throws an Error naming the first problem. */
export function loadContent(file: ContentFile): Content {
  const tasks = new Map<string, IndexedTask>();
  const missions = new Map<string, ContentMission & { packId: string }>();
  const byEvent = new Map<string, IndexedTask[]>();
  const trivia = new Map<string, ContentFile['trivia'][number]>();
  const badges = new Map<string, { id: string; title: string; description: string; missionId: string }>();
  const packIds = new Set<string>();

  if (!file.levels.length || file.levels[0].xp !== 0) fail('the first level must need 0 XP');
  file.levels.forEach((l, i) => {
    if (i > 0 && l.xp <= file.levels[i - 1].xp) fail(`level ${l.level} needs no more XP than the one before`);
  });

  for (const t of file.trivia) {
    unique(new Set(trivia.keys()), t.id, 'trivia');
    if (t.answers.filter((a) => a.correct).length !== 1) fail(`trivia '${t.id}' needs exactly one right answer`);
    if (!(t.multiplier >= 1 && t.multiplier <= 10)) fail(`trivia '${t.id}' multiplier must be 1–10`);
    trivia.set(t.id, t);
  }

  for (const pack of file.packs) {
    unique(packIds, pack.id, 'pack');
    for (const m of pack.missions) {
      unique(new Set(missions.keys()), m.id, 'mission');
      missions.set(m.id, { ...m, packId: pack.id });
      if (m.badge) {
        unique(new Set(badges.keys()), m.badge.id, 'badge');
        badges.set(m.badge.id, { ...m.badge, missionId: m.id });
      }
      for (const t of m.tasks) {
        unique(new Set(tasks.keys()), t.id, 'task');
        if (!(TASK_EVENTS as readonly string[]).includes(t.event))
          fail(`task '${t.id}' counts unknown event '${t.event}'`);
        if (!Number.isInteger(t.count) || t.count < 1) fail(`task '${t.id}' count must be a positive integer`);
        if (t.trivia && !trivia.has(t.trivia)) fail(`task '${t.id}' names unknown trivia '${t.trivia}'`);
        const indexed: IndexedTask = { ...t, missionId: m.id, packId: pack.id };
        tasks.set(t.id, indexed);
        byEvent.set(t.event, [...(byEvent.get(t.event) ?? []), indexed]);
      }
    }
  }

  // Prerequisites name missions of the same pack and never loop back.
  for (const m of missions.values()) {
    for (const r of m.requires) {
      const req = missions.get(r);
      if (!req || req.packId !== m.packId) fail(`mission '${m.id}' requires unknown mission '${r}'`);
    }
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string, path: string[]): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') fail(`missions form a cycle: ${[...path, id].join(' → ')}`);
    state.set(id, 'visiting');
    for (const r of missions.get(id)!.requires) visit(r, [...path, id]);
    state.set(id, 'done');
  };
  for (const id of missions.keys()) visit(id, []);

  return { file, tasks, missions, byEvent, trivia, badges };
}

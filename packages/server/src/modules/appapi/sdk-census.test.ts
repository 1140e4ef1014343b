import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReadStream } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

/**
 * A census of the published `backendless` 8.0.0 SDK against a listening Basalt: every public
 * method of every group is either called here, with plausible arguments against a prepared app,
 * or named as client-only (it sends nothing). The method lists are read from the SDK objects
 * themselves, so a method this file does not know fails the census instead of being missed.
 *
 * Each call must end one of three ways:
 * - it resolves (the SDK read our answer);
 * - it is refused with a readable error: an Error with a message and a numeric HTTP status, 4xx,
 *   and only for calls listed with `mayRefuse` (the reason says why a refusal is right);
 * - 501 "not available yet" (code 8003), only for the areas in NOT_BUILT.
 * A "No route" 404, any other 5xx, or an error without a status (the SDK failed to read the
 * answer, e.g. a TypeError) fails it.
 */

/**
 * Members the SDK has at run time that its type declarations leave out: the real-time shared
 * object and the flow execution context read.
 */
type Sdk = typeof Backendless & {
  SharedObject: { connect(name: string): SharedObjectHandle };
  Automations: { loadFlowExecutionContext(executionId: string): Promise<unknown> };
};
type SharedObjectHandle = {
  addChangesListener(cb: (c: object) => void): void;
  addCommandListener(cb: (c: object) => void): void;
  addConnectListener(cb: () => void): void;
  set(key: string, value: unknown): Promise<unknown>;
  get(key: string): Promise<unknown>;
  send(type: string, data: unknown): Promise<unknown>;
};
type Rec = Record<string, unknown>;
type SdkError = Error & { code?: unknown; status?: unknown };

/** What the calls share: SDK instances and the records, files and names prepared for them. */
interface Ctx {
  f: AppFixture;
  origin: string;
  remote: string;
  /** A local file, for the stream forms of upload and append. */
  localFile: string;
  sdk(apiKey?: string): Sdk;
  /** Logged in as `census@example.com`, owner of `rec` and `permRec`. */
  user: Sdk;
  userId: string;
  /** Server code (the BL key): the calls Backendless keeps to server code. */
  bl: Sdk;
  tableId: string;
  rec: Rec;
  permRec: Rec;
  other: { objectId: string; email: string };
  state: Rec;
}

interface Call {
  run(c: Ctx): Promise<unknown>;
  /** A 4xx refusal is the right answer here (success is accepted too), with the reason. */
  mayRefuse?: string;
}

interface Group {
  name: string;
  /** The object (or class, for static store methods) whose methods are counted. */
  target(c: Ctx): object;
  calls: Record<string, Call>;
  /** Methods that send no request, with the reason. */
  clientOnly?: Record<string, string>;
}

/**
 * Areas of the app API that are not built yet: `not-available.routes.ts` answers them
 * 501 {code: 8003}. Remove a line when its area lands (the census then fails until it is).
 */
const NOT_BUILT: Record<string, string> = {};

/**
 * Methods that still fail the census because their part is not on main yet. They are left out of
 * the census groups and run in their own block below, which fails as soon as one passes, so the
 * list only shrinks.
 */
const PENDING: Record<string, string> = {};

/** Names of the functions an object (or a class's statics) answers to, up its prototype chain. */
function methodsOf(target: object): string[] {
  const names = new Set<string>();
  const stop = typeof target === 'function' ? Function.prototype : Object.prototype;
  for (let o: object | null = target; o && o !== stop; o = Object.getPrototypeOf(o)) {
    for (const key of Object.getOwnPropertyNames(o)) {
      if (key === 'constructor' || (typeof target === 'function' && ['length', 'name', 'prototype'].includes(key)))
        continue;
      const d = Object.getOwnPropertyDescriptor(o, key);
      if (d && typeof d.value === 'function') names.add(key);
    }
  }
  return [...names].sort();
}

/** Why a settled call fails the census, or null when it passes. */
function verdict(name: string, call: Call, outcome: { ok: true } | { ok: false; err: unknown }): string | null {
  if (outcome.ok)
    return NOT_BUILT[name] ? `${name}: answered although listed as not built — remove it from NOT_BUILT` : null;
  const err = outcome.err as SdkError;
  if (!(err instanceof Error) || typeof err.message !== 'string' || !err.message)
    return `${name}: rejected with something that is not a readable Error: ${String(err)}`;
  if (typeof err.status !== 'number') return `${name}: the SDK could not read the answer (${err.name}: ${err.message})`;
  const status = err.status;
  const said = `${status} ${String(err.code)} ${err.message}`;
  if (status === 404 && /^No route |Route .* not found/.test(err.message)) return `${name}: no route (${said})`;
  if (status === 501 && err.code === 8003 && NOT_BUILT[name]) return null;
  if (status >= 500) return `${name}: server error ${said}`;
  if (status >= 400 && call.mayRefuse) return null;
  return `${name}: refused ${said}`;
}

/** How each call ended, printed with BASALT_CENSUS_REPORT=1 (which calls were refused, and how). */
const outcomes: Array<{ method: string; answer: string; verdict: string }> = [];

async function settle(name: string, call: Call, c: Ctx): Promise<string | null> {
  let failure: string | null;
  let answer = 'resolved';
  try {
    const value = await call.run(c);
    failure = verdict(name, call, { ok: true });
    const shape = SHAPES[name];
    if (!failure && shape && !shape.test(value))
      failure = `${name}: answered ${JSON.stringify(value)?.slice(0, 120)}, not ${shape.label}`;
  } catch (err) {
    const e = err as SdkError;
    answer = `${String(e?.status)} ${String(e?.code)} ${String(e?.message).slice(0, 80)}`;
    failure = verdict(name, call, { ok: false, err });
  }
  outcomes.push({ method: name, answer, verdict: failure ? 'FAIL' : 'ok' });
  return failure;
}

/** The request a browser-only SDK method sends (its pop-up needs `window`), sent as the SDK does. */
async function sendAsSdk(c: Ctx, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${c.origin}/${c.f.appId}/${c.f.keys.JS}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The SDK keeps a non-JSON answer as text, so do we.
  }
  if (res.ok) return parsed;
  const p = (parsed ?? {}) as { code?: number; message?: string };
  throw Object.assign(new Error(p.message ?? text), { status: res.status, code: p.code });
}

/**
 * What a resolved call must answer, for the calls whose answer the SDK passes through untouched
 * (the reference document's typings): the SDK would accept any JSON there, so a wrong shape is
 * only caught here. Keyed like NOT_BUILT; calls of several steps answer nothing to check.
 */
type Shape = { label: string; test(v: unknown): boolean };
const num: Shape = { label: 'a number', test: (v) => typeof v === 'number' && Number.isFinite(v) };
const bool: Shape = { label: 'a boolean', test: (v) => typeof v === 'boolean' };
const yes: Shape = { label: 'true', test: (v) => v === true };
const text: Shape = { label: 'a string', test: (v) => typeof v === 'string' && v.length > 0 };
const list = (of?: Shape): Shape => ({
  label: `an array${of ? ` of ${of.label}` : ''}`,
  test: (v) => Array.isArray(v) && (!of || v.every((x) => of.test(x))),
});
const rec = (...keys: string[]): Shape => ({
  label: `an object with ${keys.join(', ') || 'anything'}`,
  test: (v) => !!v && typeof v === 'object' && !Array.isArray(v) && keys.every((k) => k in (v as object)),
});
const equal = (want: unknown): Shape => ({
  label: JSON.stringify(want),
  test: (v) => JSON.stringify(v) === JSON.stringify(want),
});
const SHAPES: Record<string, Shape> = {
  'Data.describe': list(rec('name', 'type')),
  'Data.getTableNameById': equal('Census'),
  'Data.of(table).deepSave': rec('objectId', 'friends'),
  'Data.of(table).find': list(rec('objectId', '___class')),
  'Data.of(table).findFirst': rec('objectId'),
  'Data.of(table).findLast': rec('objectId'),
  'Data.of(table).getObjectCount': num,
  'Data.of(table).setRelation': num,
  'Data.of(table).addRelation': num,
  'Data.of(table).deleteRelation': num,
  'Data.of(table).changeRelation': num,
  'Data.of(table).loadRelations': list(rec('objectId')),
  'Data.of(table).group': rec('items'),
  'Data.of(table).countInGroup': num,
  'Data.of(table).bulkCreate': list(text),
  'Data.of(table).bulkUpsert': list(text),
  'Data.of(table).bulkUpdate': num,
  'Data.of(table).bulkDelete': num,
  'UserService.register': rec('objectId', 'email'),
  'UserService.isValidLogin': yes,
  'UserService.getCurrentUser': rec('objectId', 'email'),
  'UserService.verifyPassword': yes,
  'UserService.describeUserClass': list(rec('name', 'type')),
  'UserService.findByRole': list(rec('objectId')),
  'UserService.loginAsGuest': rec('objectId'),
  'Files.saveFile': text,
  'Files.appendText': text,
  'Files.listing': list(rec('name')),
  'Files.getFileCount': num,
  'Files.exists': yes,
  'Files.copyFile': text,
  'Files.renameFile': text,
  'Files.moveFile': text,
  'Messaging.publish': rec('messageId', 'status'),
  'Messaging.getMessageStatus': rec('messageId', 'status'),
  'Messaging.getRegistrations': rec('deviceToken'),
  'Messaging.getPushTemplates': list(rec('name')),
  'Messaging.pushWithTemplate': rec('messageId', 'status'),
  'Messaging.sendEmail': rec('status'),
  'Messaging.sendEmailFromTemplate': rec('status'),
  'Counters.list': list(text),
  'Counters.compareAndSet': bool,
  'Cache.get': equal({ points: 1 }),
  'Cache.contains': yes,
  'Hive.getNames': list(text),
  'Hive.KeyValueStore.get': rec('KeyValueStore-a'),
  'Hive.KeyValueStore(key).increment': num,
  'Hive.KeyValueStore(key).decrement': num,
  'Hive.KeyValueStore(key).getExpiration': num,
  'Hive.ListStore(key).length': num,
  'Hive.ListStore(key).deleteFirst': list(),
  'Hive.ListStore(key).deleteLast': list(),
  'Hive.MapStore(key).length': num,
  'Hive.MapStore(key).keys': list(text),
  'Hive.MapStore(key).values': list(),
  'Hive.MapStore(key).keyExists': yes,
  'Hive.MapStore(key).increment': num,
  'Hive.SetStore.union': list(),
  'Hive.SetStore(key).get': list(),
  'Hive.SetStore(key).length': num,
  'Hive.SetStore(key).isValueMember': equal([true]),
  'Hive.SetStore(key).isValuesMembers': equal([true, false]),
  'Hive.SortedSetStore(key).add': num,
  'Hive.SortedSetStore(key).getScore': num,
  'Hive.SortedSetStore(key).getRank': num,
  'Hive.SortedSetStore(key).length': num,
  'Hive.SortedSetStore(key).countBetweenScores': num,
  'Hive.SortedSetStore(key).getRangeByRank': list(),
  'Hive.SortedSetStore(key).getRangeByScore': list(),
};
for (const c of [
  'incrementAndGet',
  'getAndIncrement',
  'decrementAndGet',
  'getAndDecrement',
  'addAndGet',
  'getAndAdd',
  'get',
]) {
  SHAPES[`Counters.${c}`] = num;
  SHAPES[`Counters.of(name).${c}`] = num;
}
SHAPES['Counters.of(name).compareAndSet'] = bool;
for (const op of ['FIND', 'UPDATE', 'REMOVE'])
  for (const m of [
    'grantForUser',
    'denyForUser',
    'grantForRole',
    'denyForRole',
    'grantForAllUsers',
    'denyForAllUsers',
    'grantForAllRoles',
    'denyForAllRoles',
    'sendRequest',
  ])
    SHAPES[`Data.Permissions.${op}.${m}`] = yes;
for (const op of ['READ', 'WRITE', 'DELETE'])
  for (const m of [
    'grantForUser',
    'denyForUser',
    'grantForRole',
    'denyForRole',
    'grantForAllUsers',
    'denyForAllUsers',
    'grantForAllRoles',
    'denyForAllRoles',
    'sendRequest',
  ])
    SHAPES[`Files.Permissions.${op}.${m}`] = yes;

const ok = (run: Call['run']): Call => ({ run });
const refusable = (mayRefuse: string, run: Call['run']): Call => ({ run, mayRefuse });

/** `Data.Permissions.X` / `Files.Permissions.X`: every grant and deny, by user, role and for all. */
function permissionCalls(kind: 'data' | 'files', op: string): Record<string, Call> {
  type P = Record<string, (...args: unknown[]) => Promise<unknown>>;
  const perm = (c: Ctx): P =>
    kind === 'data'
      ? (c.user.Data.Permissions as unknown as Record<string, P>)[op]
      : (c.bl.Files.Permissions as unknown as Record<string, P>)[op];
  const target = (c: Ctx) => (kind === 'data' ? c.permRec : 'census/perm.txt');
  const calls: Record<string, Call> = {};
  for (const m of ['grantForUser', 'denyForUser', 'grantUser', 'denyUser'])
    calls[m] = ok((c) => perm(c)[m](c.other.objectId, target(c)));
  for (const m of ['grantForRole', 'denyForRole', 'grantRole', 'denyRole'])
    calls[m] = ok((c) => perm(c)[m]('AuthenticatedUser', target(c)));
  for (const m of ['grantForAllUsers', 'denyForAllUsers', 'grantForAllRoles', 'denyForAllRoles', 'grant', 'deny'])
    calls[m] = ok((c) => perm(c)[m](target(c)));
  calls.sendRequest = ok((c) => perm(c).sendRequest('GRANT', target(c), { userId: c.other.objectId }));
  return calls;
}

const PERMISSION_CLIENT_ONLY = {
  backwardCompatibility: 'wraps a deprecated name around its new one',
  getRequestURL: 'builds a URL',
};

/** Hive store methods every store has on its class (static) and on an instance. */
const hiveStatic = (type: string, extra: Record<string, Call> = {}): Record<string, Call> => ({
  keys: ok((c) => store(c, type).keys({ filterPattern: '*', pageSize: 10 })),
  exist: ok((c) => store(c, type).exist([`${type}-k`])),
  touch: ok((c) => store(c, type).touch([`${type}-k`])),
  ...extra,
  delete: ok((c) => store(c, type).delete([`${type}-gone`])),
});
type AnyFn = (...args: unknown[]) => Promise<unknown>;
function hiveOf(c: Ctx): Record<string, AnyFn & Record<string, AnyFn>> {
  return (c.user.Hive as unknown as (name: string) => Record<string, AnyFn & Record<string, AnyFn>>)('census');
}
const store = (c: Ctx, type: string) => hiveOf(c)[type];
const item = (c: Ctx, type: string, key = `${type}-k`) =>
  (store(c, type) as unknown as (k: string) => Record<string, AnyFn>)(key);
const hiveInstanceCommon = (type: string): Record<string, Call> => ({
  getExpiration: ok((c) => item(c, type).getExpiration()),
  expireAfter: ok((c) => item(c, type).expireAfter(600)),
  expireAt: ok((c) => item(c, type).expireAt(Math.floor(Date.now() / 1000) + 600)),
  clearExpiration: ok((c) => item(c, type).clearExpiration()),
  secondsSinceLastOperation: ok((c) => item(c, type).secondsSinceLastOperation()),
  touch: ok((c) => item(c, type).touch()),
  exist: ok((c) => item(c, type).exist()),
  rename: ok(async (c) => {
    await item(c, type).rename(`${type}-renamed`, true);
    await item(c, type, `${type}-renamed`).rename(`${type}-k`, true);
  }),
  delete: ok((c) => item(c, type, `${type}-k`).delete()),
});

const q = (c: Ctx) => c.user.Data.of('Census');

const GROUPS: Group[] = [
  {
    name: 'Data',
    target: (c) => c.user.Data,
    calls: {
      describe: ok((c) => c.user.Data.describe('Census')),
      getTableNameById: ok((c) =>
        (c.user.Data as unknown as { getTableNameById(id: string): Promise<unknown> }).getTableNameById(c.tableId),
      ),
    },
    clientOnly: {
      of: 'makes a store',
      mapTableToClass: 'registers a JS class',
      QueryBuilder: 'query builder class',
      GroupQueryBuilder: 'query builder class',
      LoadRelationsQueryBuilder: 'query builder class',
      JSONUpdateBuilder: 'value builder class',
      Point: 'geometry class',
      LineString: 'geometry class',
      Polygon: 'geometry class',
      Geometry: 'geometry class',
      GeoJSONParser: 'geometry parser',
      WKTParser: 'geometry parser',
    },
  },
  {
    name: 'Data.of(table)',
    target: (c) => q(c),
    calls: {
      save: ok(async (c) => {
        const saved = (await q(c).save({ name: 'saved', score: 1 })) as Rec;
        await q(c).save({ ...saved, score: 2, 'user-token': 'stray', ___class: 'Census' });
        await q(c).save({ objectId: 'census-upsert', name: 'upserted' }, true);
      }),
      deepSave: ok((c) => q(c).deepSave({ name: 'parent', friends: [{ name: 'child' }] })),
      // Every option of the query builder, then a plain-object query with arrays.
      find: ok(async (c) => {
        await q(c).find(
          c.user.DataQueryBuilder.create()
            .setWhereClause('score >= 0')
            .setSortBy(['score desc', 'name'])
            .setRelated(['friends'])
            .setProperties(['name', 'score'])
            .addProperty('objectId')
            .excludeProperties(['created'])
            .setRelationsDepth(1)
            .setRelationsPageSize(5)
            .setPageSize(20)
            .setOffset(0)
            .setDistinct(false),
        );
        await q(c).find(
          c.user.DataQueryBuilder.create()
            .setProperties(['score', 'Count(objectId) as n'])
            .setGroupBy(['score'])
            .setHavingClause('Count(objectId) > 0'),
        );
        return q(c).find({ where: "name = 'first'", props: ['name', 'objectId'], sortBy: ['name'] } as never);
      }),
      findFirst: ok((c) => q(c).findFirst()),
      findLast: ok((c) => q(c).findLast()),
      findById: ok(async (c) => {
        await q(c).findById(
          String(c.rec.objectId),
          c.user.DataQueryBuilder.create().setProperties(['name']).setRelated(['friends']).setRelationsDepth(1),
        );
        await q(c).findById(String(c.rec.objectId));
        await q(c).findById({ objectId: String(c.rec.objectId) } as never);
      }),
      getObjectCount: ok(async (c) => {
        await q(c).getObjectCount();
        await q(c).getObjectCount(c.user.DataQueryBuilder.create().setWhereClause('score >= 0').setDistinct(true));
        return q(c).getObjectCount('score >= 0');
      }),
      setRelation: ok(async (c) => {
        // By where clause (no body), then by objects.
        await q(c).setRelation(c.rec, 'friends', "name = 'guarded'");
        return q(c).setRelation(c.rec, 'friends', [c.permRec]);
      }),
      addRelation: ok((c) => q(c).addRelation(c.rec, 'friends', [c.permRec])),
      loadRelations: ok((c) =>
        q(c).loadRelations(
          String(c.rec.objectId),
          c.user.LoadRelationsQueryBuilder.create()
            .setRelationName('friends')
            .setWhereClause('score > 0')
            .setSortBy(['name'])
            .setProperties(['name', 'objectId'])
            .setPageSize(5)
            .setOffset(0),
        ),
      ),
      deleteRelation: ok((c) => q(c).deleteRelation(c.rec, 'friends', [c.permRec])),
      changeRelation: ok((c) =>
        (
          q(c) as unknown as { changeRelation(m: string, p: Rec, col: string, ch: string): Promise<unknown> }
        ).changeRelation('PUT', c.rec, 'friends', "name = 'nobody'"),
      ),
      group: ok((c) => q(c).group(c.user.GroupQueryBuilder.create().setGroupBy(['score']) as never)),
      countInGroup: ok((c) =>
        q(c).countInGroup(
          c.user.GroupQueryBuilder.create()
            .setGroupBy(['score'])
            .setGroupPath([{ column: 'score', value: 1 }] as never) as never,
        ),
      ),
      bulkCreate: ok((c) =>
        q(c).bulkCreate([
          { name: 'bulk', score: 7 },
          { name: 'bulk', score: 8 },
        ]),
      ),
      bulkUpsert: ok((c) => q(c).bulkUpsert([{ objectId: 'census-bulk-up', name: 'bulk', score: 9 }])),
      bulkUpdate: ok((c) => q(c).bulkUpdate("name = 'bulk'", { score: 10 })),
      bulkDelete: ok(async (c) => {
        const ids = (await q(c).bulkCreate([{ name: 'bulk-gone' }, { name: 'bulk-gone' }])) as string[];
        await q(c).bulkDelete(ids);
        const objects = (await q(c).bulkCreate([{ name: 'bulk-gone' }])) as string[];
        await q(c).bulkDelete(objects.map((objectId) => ({ objectId })));
        return q(c).bulkDelete("name = 'bulk'");
      }),
      remove: ok(async (c) => {
        await q(c).remove((await q(c).save({ name: 'doomed' })) as Rec);
        return q(c).remove(String(((await q(c).save({ name: 'doomed' })) as Rec).objectId));
      }),
    },
    clientOnly: {
      rt: 'real-time handlers over socket.io (realtime/backendless-sdk-rt.test.ts)',
      parseResponse: 'maps an answer',
      parseRelationsResponse: 'maps an answer',
    },
  },
  {
    name: 'UserService',
    target: (c) => c.user.UserService,
    calls: {
      register: ok((c) =>
        c
          .sdk()
          .UserService.register({ email: 'census-new@example.com', password: 'census pass 2', name: 'New' } as never),
      ),
      login: ok(async (c) => {
        const s = c.sdk();
        await s.UserService.login('census-new@example.com', 'census pass 2', false);
        c.state.fresh = s;
        // The objectId form, without a password, is server code's.
        await c.sdk(c.f.keys.BL).UserService.login(c.other.objectId);
      }),
      isValidLogin: ok((c) => (c.state.fresh as Sdk).UserService.isValidLogin()),
      getCurrentUser: ok((c) => (c.state.fresh as Sdk).UserService.getCurrentUser(true)),
      verifyPassword: ok((c) => (c.state.fresh as Sdk).UserService.verifyPassword('census pass 2')),
      update: ok(async (c) => {
        const s = c.state.fresh as Sdk;
        const me = (await s.UserService.getCurrentUser()) as unknown as Rec;
        await s.UserService.update({ ...me, name: 'Renamed' } as never);
      }),
      getUserRoles: ok(async (c) => {
        await c.user.UserService.getUserRoles();
        await c.bl.UserService.getUserRoles(c.other.objectId);
      }),
      describeUserClass: ok((c) => c.user.UserService.describeUserClass()),
      findByRole: ok((c) =>
        c.bl.UserService.findByRole(
          'AuthenticatedUser',
          true,
          c.user.DataQueryBuilder.create().setPageSize(5) as never,
        ),
      ),
      assignRole: ok((c) => c.bl.UserService.assignRole(c.other.email, 'CensusRole')),
      unassignRole: ok((c) => c.bl.UserService.unassignRole(c.other.email, 'CensusRole')),
      disableUser: ok((c) => c.bl.UserService.disableUser(c.other.objectId)),
      enableUser: ok((c) => c.bl.UserService.enableUser(c.other.objectId)),
      updateUserStatus: ok((c) =>
        (c.bl.UserService as unknown as { updateUserStatus(id: string, s: string): Promise<unknown> }).updateUserStatus(
          c.other.objectId,
          'ENABLED',
        ),
      ),
      restorePassword: ok((c) => c.sdk().UserService.restorePassword('census-new@example.com')),
      resendEmailConfirmation: ok((c) => c.sdk().UserService.resendEmailConfirmation('census-new@example.com')),
      createEmailConfirmationURL: refusable(
        'this app does not require confirmation, so the user is not waiting for one (the success path is in email-confirmation.test.ts)',
        (c) => c.bl.UserService.createEmailConfirmationURL('census-new@example.com'),
      ),
      loginAsGuest: ok((c) => c.sdk().UserService.loginAsGuest(false)),
      loginWithFacebookSdk: refusable('Facebook login is not configured for the app', (c) =>
        c.sdk().UserService.loginWithFacebookSdk('fake-token', {} as never, false),
      ),
      loginWithGooglePlusSdk: refusable('Google login is not configured for the app', (c) =>
        c.sdk().UserService.loginWithGooglePlusSdk('fake-token', {} as never, false),
      ),
      loginWithOauth2: refusable('the provider is not configured for the app', (c) =>
        c.sdk().UserService.loginWithOauth2('github', 'fake-token', undefined as never, {} as never, false),
      ),
      loginWithOauth1: refusable('the provider is not configured for the app', (c) =>
        c
          .sdk()
          .UserService.loginWithOauth1('twitter', 'fake-token', 'fake-secret', undefined as never, {} as never, false),
      ),
      getAuthorizationUrlLink: refusable('the provider is not configured for the app', (c) =>
        c
          .sdk()
          .UserService.getAuthorizationUrlLink('github', {} as never, ['email'] as never, false, `${c.origin}/done`),
      ),
      // Pop-up flows need a browser window; the census sends the request they start with.
      loginWithFacebook: refusable('Facebook login is not configured for the app', (c) =>
        sendAsSdk(c, 'POST', '/users/social/oauth/facebook/request_url', { fieldsMapping: {}, permissions: [] }),
      ),
      loginWithGooglePlus: refusable('Google login is not configured for the app', (c) =>
        sendAsSdk(c, 'POST', '/users/social/oauth/googleplus/request_url', { fieldsMapping: {}, permissions: [] }),
      ),
      loginWithTwitter: refusable('Twitter login is not configured for the app', (c) =>
        sendAsSdk(c, 'POST', '/users/social/oauth/twitter/request_url', { fieldsMapping: {}, permissions: [] }),
      ),
      logout: ok((c) => (c.state.fresh as Sdk).UserService.logout()),
    },
    clientOnly: {
      getCurrentUserId: 'reads local state',
      getCurrentUserToken: 'reads local state',
      getLocalCurrentUser: 'reads local state',
      loggedInUser: 'reads local state',
      setCurrentUser: 'sets local state',
      setCurrentUserToken: 'sets local state',
      setLocalCurrentUser: 'sets local state',
    },
  },
  {
    name: 'Files',
    target: (c) => c.user.Files,
    calls: {
      saveFile: ok((c) => c.user.Files.saveFile('census/docs', 'saved.txt', 'saved text', true)),
      upload: ok(async (c) => {
        // A Node app uploads a file stream (form-data knows its length and name).
        await c.user.Files.upload(createReadStream(c.localFile) as never, 'census/docs/streamed.txt', true);
        await c.user.Files.upload(Buffer.from('bytes') as never, 'census/docs/bytes.txt', true);
        await c.user.Files.upload(`${c.remote}/remote.txt`, 'census/docs/fetched.txt', true);
      }),
      append: ok(async (c) => {
        await c.user.Files.append('census/docs/saved.txt', Buffer.from(' + bytes') as never);
        await c.user.Files.append('census/docs/saved.txt', `${c.remote}/remote.txt` as never);
        await c.user.Files.append('census/docs/saved.txt', createReadStream(c.localFile) as never);
      }),
      appendText: ok((c) => c.user.Files.appendText('census/docs/saved.txt', ' + text')),
      listing: ok((c) => c.user.Files.listing('census/docs', '*.txt', true, 10, 0)),
      getFileCount: ok((c) => c.user.Files.getFileCount('census/docs', '*', true, true)),
      exists: ok((c) => c.user.Files.exists('census/docs/saved.txt')),
      copyFile: ok((c) => c.user.Files.copyFile('census/docs/saved.txt', 'census/copies/')),
      renameFile: ok((c) => c.user.Files.renameFile('census/copies/saved.txt', 'renamed.txt')),
      moveFile: ok((c) => c.user.Files.moveFile('census/copies/renamed.txt', 'census/moved/')),
      remove: ok(async (c) => {
        // By path, and by the absolute URL an upload answered.
        await c.user.Files.remove('census/moved/renamed.txt');
        const { fileURL } = (await c.user.Files.upload(
          Buffer.from('x') as never,
          'census/docs/by-url.txt',
          true,
        )) as unknown as { fileURL: string };
        return c.user.Files.remove(fileURL);
      }),
      createDirectory: ok((c) => c.user.Files.createDirectory('census/empty')),
      removeDirectory: ok((c) => c.user.Files.removeDirectory('census/empty')),
    },
  },
  ...(['FIND', 'UPDATE', 'REMOVE'] as const).map((op): Group => ({
    name: `Data.Permissions.${op}`,
    target: (c) => (c.user.Data.Permissions as unknown as Record<string, object>)[op],
    calls: permissionCalls('data', op),
    clientOnly: PERMISSION_CLIENT_ONLY,
  })),
  ...(['READ', 'WRITE', 'DELETE'] as const).map((op): Group => ({
    name: `Files.Permissions.${op}`,
    target: (c) => (c.bl.Files.Permissions as unknown as Record<string, object>)[op],
    calls: permissionCalls('files', op),
    clientOnly: PERMISSION_CLIENT_ONLY,
  })),
  {
    name: 'Messaging',
    target: (c) => c.user.Messaging,
    calls: {
      publish: ok(async (c) => {
        const m = c.user.Messaging as unknown as {
          PublishOptions: new (a: Rec) => object;
          DeliveryOptions: new (a: Rec) => object;
        };
        await c.user.Messaging.publish(
          'census',
          'now, to subscribers and pushed',
          new m.PublishOptions({ publisherId: 'census', headers: { kind: 'news' }, subtopic: 'daily' }) as never,
          new m.DeliveryOptions({ publishPolicy: 'BOTH', pushBroadcast: 2 }) as never,
        );
        await c.user.Messaging.publish('census', 'repeating', undefined, {
          publishAt: Date.now() + 3_600_000,
          repeatEvery: 60,
          repeatExpiresAt: Date.now() + 7_200_000,
        } as never);
        const later = (await c.user.Messaging.publish(
          'census',
          { hello: 'world' },
          { headers: { kind: 'greeting' } } as never,
          { publishAt: Date.now() + 3_600_000 } as never,
        )) as Rec;
        c.state.messageId = later.messageId;
        return later;
      }),
      getMessageStatus: ok((c) => c.user.Messaging.getMessageStatus(String(c.state.messageId))),
      cancel: ok((c) => c.user.Messaging.cancel(String(c.state.messageId))),
      registerDevice: ok((c) => {
        (c.user as unknown as { setupDevice(d: Rec): void }).setupDevice({
          uuid: 'census-device',
          platform: 'android',
          version: '14',
        });
        return c.user.Messaging.registerDevice('census-device-token', ['census'], Date.now() + 86_400_000);
      }),
      getRegistrations: ok((c) => c.user.Messaging.getRegistrations()),
      unregisterDevice: ok((c) => c.user.Messaging.unregisterDevice()),
      getPushTemplates: ok((c) => c.user.Messaging.getPushTemplates('ANDROID' as never)),
      pushWithTemplate: ok((c) => c.bl.Messaging.pushWithTemplate('census-template', { name: 'x' })),
      sendEmail: ok((c) =>
        c.bl.Messaging.sendEmail(
          'Census',
          new c.bl.Bodyparts({ textmessage: 'hello' } as never),
          ['someone@example.com'],
          ['census/perm.txt'],
        ),
      ),
      sendEmailFromTemplate: ok((c) =>
        c.bl.Messaging.sendEmailFromTemplate(
          'census-template',
          c.bl.EmailEnvelope.create({ addresses: ['someone@example.com'] } as never),
          { name: 'x' } as never,
        ),
      ),
      deleteChannel: ok(async (c) => {
        await c.user.Messaging.publish('census-doomed', 'first use creates it');
        await c.bl.Messaging.deleteChannel('census-doomed');
      }),
    },
    clientOnly: {
      subscribe: 'real-time channel over socket.io (realtime/backendless-sdk-rt.test.ts)',
      Bodyparts: 'value class',
      DeliveryOptions: 'value class',
      EmailEnvelope: 'value class',
      PublishOptions: 'value class',
    },
  },
  {
    name: 'Counters',
    target: (c) => c.user.Counters,
    calls: {
      incrementAndGet: ok((c) => c.user.Counters.incrementAndGet('census')),
      getAndIncrement: ok((c) => c.user.Counters.getAndIncrement('census')),
      decrementAndGet: ok((c) => c.user.Counters.decrementAndGet('census')),
      getAndDecrement: ok((c) => c.user.Counters.getAndDecrement('census')),
      addAndGet: ok((c) => c.user.Counters.addAndGet('census', 5)),
      getAndAdd: ok((c) => c.user.Counters.getAndAdd('census', -2)),
      compareAndSet: ok((c) => c.user.Counters.compareAndSet('census', 3, 4)),
      get: ok((c) => c.user.Counters.get('census')),
      list: ok(async (c) => {
        await c.user.Counters.list();
        return c.user.Counters.list('cen*');
      }),
      reset: ok((c) => c.user.Counters.reset('census')),
    },
    clientOnly: { of: 'makes a counter handle' },
  },
  {
    name: 'Counters.of(name)',
    target: (c) => c.user.Counters.of('census-of'),
    calls: Object.fromEntries(
      [
        ['incrementAndGet'],
        ['getAndIncrement'],
        ['decrementAndGet'],
        ['getAndDecrement'],
        ['addAndGet', 5],
        ['getAndAdd', 1],
        ['compareAndSet', 5, 6],
        ['get'],
        ['reset'],
      ].map(([m, ...args]) => [
        m as string,
        ok((c) => (c.user.Counters.of('census-of') as unknown as Record<string, AnyFn>)[m as string](...args)),
      ]),
    ),
  },
  {
    name: 'Cache',
    target: (c) => c.user.Cache,
    calls: {
      put: ok(async (c) => {
        await c.user.Cache.put('census-text', 'plain text');
        await c.user.Cache.put('census', { points: 1 }, 60);
      }),
      get: ok((c) => c.user.Cache.get('census')),
      contains: ok((c) => c.user.Cache.contains('census')),
      expireIn: ok((c) => c.user.Cache.expireIn('census', 30)),
      expireAt: ok((c) => c.user.Cache.expireAt('census', Date.now() + 60_000)),
      remove: ok((c) => c.user.Cache.remove('census')),
    },
    clientOnly: {
      setObjectFactory: 'registers a JS class',
      parseItem: 'maps an answer',
      stringifyItem: 'builds a body',
    },
  },
  {
    name: 'Hive',
    target: (c) => c.user.Hive as unknown as object,
    calls: { getNames: ok((c) => (c.user.Hive as unknown as { getNames(): Promise<unknown> }).getNames()) },
  },
  {
    name: 'Hive(name)',
    target: (c) => hiveOf(c),
    calls: {
      create: ok(async (c) => {
        await (c.user.Hive as unknown as (n: string) => { create(): Promise<unknown> })('census-made').create();
      }),
      rename: ok((c) =>
        (c.user.Hive as unknown as (n: string) => { rename(n: string): Promise<unknown> })('census-made').rename(
          'census-renamed',
        ),
      ),
      delete: ok((c) =>
        (c.user.Hive as unknown as (n: string) => { delete(): Promise<unknown> })('census-renamed').delete(),
      ),
    },
    clientOnly: {
      KeyValueStore: 'makes a store handle',
      ListStore: 'makes a store handle',
      MapStore: 'makes a store handle',
      SetStore: 'makes a store handle',
      SortedSetStore: 'makes a store handle',
    },
  },
  {
    name: 'Hive.KeyValueStore',
    target: (c) => store(c, 'KeyValueStore'),
    calls: hiveStatic('KeyValueStore', {
      set: ok(async (c) => {
        await store(c, 'KeyValueStore').set({ 'KeyValueStore-a': 'a', 'KeyValueStore-b': 2 });
        await store(c, 'KeyValueStore').set('KeyValueStore-k', 'v', { ttl: 600 });
      }),
      get: ok((c) => store(c, 'KeyValueStore').get(['KeyValueStore-a', 'KeyValueStore-b'])),
    }),
  },
  {
    name: 'Hive.KeyValueStore(key)',
    target: (c) => item(c, 'KeyValueStore'),
    calls: {
      set: ok((c) => item(c, 'KeyValueStore').set(1, { condition: 'Always' })),
      get: ok((c) => item(c, 'KeyValueStore').get()),
      increment: ok((c) => item(c, 'KeyValueStore').increment(2)),
      decrement: ok((c) => item(c, 'KeyValueStore').decrement(1)),
      ...hiveInstanceCommon('KeyValueStore'),
    },
    clientOnly: { getBaseURL: 'builds a URL' },
  },
  { name: 'Hive.ListStore', target: (c) => store(c, 'ListStore'), calls: hiveStatic('ListStore') },
  {
    name: 'Hive.ListStore(key)',
    target: (c) => item(c, 'ListStore'),
    calls: {
      addLastValues: ok((c) => item(c, 'ListStore').addLastValues(['b', 'c', 'd'])),
      addLastValue: ok((c) => item(c, 'ListStore').addLastValue('e')),
      addFirstValues: ok((c) => item(c, 'ListStore').addFirstValues(['a'])),
      addFirstValue: ok((c) => item(c, 'ListStore').addFirstValue('z')),
      get: ok(async (c) => {
        await item(c, 'ListStore').get();
        await item(c, 'ListStore').get(1);
        await item(c, 'ListStore').get(0, 2);
      }),
      length: ok((c) => item(c, 'ListStore').length()),
      insertBefore: ok((c) => item(c, 'ListStore').insertBefore('b-', 'b')),
      insertAfter: ok((c) => item(c, 'ListStore').insertAfter('b+', 'b')),
      insert: ok((c) => item(c, 'ListStore').insert('c-', 'c', true)),
      deleteValue: ok((c) => item(c, 'ListStore').deleteValue('c-', 1)),
      deleteFirst: ok((c) => item(c, 'ListStore').deleteFirst(1)),
      deleteLast: ok((c) => item(c, 'ListStore').deleteLast(1)),
      ...hiveInstanceCommon('ListStore'),
    },
    clientOnly: { getBaseURL: 'builds a URL' },
  },
  { name: 'Hive.MapStore', target: (c) => store(c, 'MapStore'), calls: hiveStatic('MapStore') },
  {
    name: 'Hive.MapStore(key)',
    target: (c) => item(c, 'MapStore'),
    calls: {
      set: ok(async (c) => {
        await item(c, 'MapStore').set({ a: 1, b: 'two' });
        await item(c, 'MapStore').set('c', 3);
      }),
      setWithOverwrite: ok((c) => item(c, 'MapStore').setWithOverwrite('d', 4, true)),
      get: ok(async (c) => {
        await item(c, 'MapStore').get();
        await item(c, 'MapStore').get(['a']);
      }),
      getValue: ok((c) => item(c, 'MapStore').getValue('a')),
      keyExists: ok((c) => item(c, 'MapStore').keyExists('a')),
      length: ok((c) => item(c, 'MapStore').length()),
      keys: ok((c) => item(c, 'MapStore').keys()),
      values: ok((c) => item(c, 'MapStore').values()),
      increment: ok((c) => item(c, 'MapStore').increment('a', 2)),
      decrement: ok((c) => item(c, 'MapStore').decrement('a', 1)),
      deleteKeys: ok((c) => item(c, 'MapStore').deleteKeys(['b'])),
      ...hiveInstanceCommon('MapStore'),
    },
    clientOnly: { getBaseURL: 'builds a URL' },
  },
  {
    name: 'Hive.SetStore',
    target: (c) => store(c, 'SetStore'),
    calls: hiveStatic('SetStore', {
      difference: ok((c) => store(c, 'SetStore').difference(['SetStore-k', 'SetStore-other'])),
      intersection: ok((c) => store(c, 'SetStore').intersection(['SetStore-k', 'SetStore-other'])),
      union: ok((c) => store(c, 'SetStore').union(['SetStore-k', 'SetStore-other'])),
    }),
  },
  {
    name: 'Hive.SetStore(key)',
    target: (c) => item(c, 'SetStore'),
    calls: {
      addValues: ok((c) => item(c, 'SetStore').addValues(['a', 'b', 'c', 'd'])),
      addValue: ok((c) => item(c, 'SetStore').addValue('e')),
      // Before getRandomAndDelete, which may take any value.
      isValueMember: ok((c) => item(c, 'SetStore').isValueMember('a')),
      isValuesMembers: ok((c) => item(c, 'SetStore').isValuesMembers(['a', 'z'])),
      get: ok((c) => item(c, 'SetStore').get()),
      length: ok((c) => item(c, 'SetStore').length()),
      getRandom: ok((c) => item(c, 'SetStore').getRandom(2)),
      getRandomAndDelete: ok((c) => item(c, 'SetStore').getRandomAndDelete(1)),
      deleteValue: ok((c) => item(c, 'SetStore').deleteValue('a')),
      deleteValues: ok((c) => item(c, 'SetStore').deleteValues(['b', 'c'])),
      ...hiveInstanceCommon('SetStore'),
    },
    clientOnly: { getBaseURL: 'builds a URL' },
  },
  {
    name: 'Hive.SortedSetStore',
    target: (c) => store(c, 'SortedSetStore'),
    calls: hiveStatic('SortedSetStore', {
      difference: ok((c) => store(c, 'SortedSetStore').difference(['SortedSetStore-k', 'SortedSetStore-other'])),
      intersection: ok((c) => store(c, 'SortedSetStore').intersection(['SortedSetStore-k', 'SortedSetStore-other'])),
      union: ok((c) => store(c, 'SortedSetStore').union(['SortedSetStore-k', 'SortedSetStore-other'])),
    }),
  },
  {
    name: 'Hive.SortedSetStore(key)',
    target: (c) => item(c, 'SortedSetStore'),
    calls: {
      add: ok((c) =>
        item(c, 'SortedSetStore').add(
          [
            [1, 'a'],
            [2, 'b'],
            [3, 'c'],
            [4, 'd'],
            [5, 'e'],
            [6, 'f'],
          ],
          { duplicateBehaviour: 'AlwaysAdd', resultType: 'NewAdded' },
        ),
      ),
      incrementScore: ok((c) => item(c, 'SortedSetStore').incrementScore('a', 2)),
      decrementScore: ok((c) => item(c, 'SortedSetStore').decrementScore('a', 1)),
      getScore: ok((c) => item(c, 'SortedSetStore').getScore('a')),
      getRank: ok((c) => item(c, 'SortedSetStore').getRank('a', true)),
      getRandom: ok((c) => item(c, 'SortedSetStore').getRandom({ count: 2, withScores: true })),
      getRangeByRank: ok((c) => item(c, 'SortedSetStore').getRangeByRank(0, 2, { withScores: true, reverse: false })),
      getRangeByScore: ok((c) =>
        item(c, 'SortedSetStore').getRangeByScore({
          minScore: 1,
          maxScore: 5,
          minBound: 'Include',
          maxBound: 'Exclude',
          offset: 0,
          pageSize: 10,
          withScores: true,
        }),
      ),
      countBetweenScores: ok((c) =>
        item(c, 'SortedSetStore').countBetweenScores({
          minScore: 1,
          maxScore: 5,
          minBound: 'Include',
          maxBound: 'Include',
        }),
      ),
      length: ok((c) => item(c, 'SortedSetStore').length()),
      getAndDeleteMaxScore: ok((c) => item(c, 'SortedSetStore').getAndDeleteMaxScore(1)),
      getAndDeleteMinScore: ok((c) => item(c, 'SortedSetStore').getAndDeleteMinScore(1)),
      deleteValue: ok((c) => item(c, 'SortedSetStore').deleteValue('c')),
      deleteValues: ok((c) => item(c, 'SortedSetStore').deleteValues(['d'])),
      deleteValuesByRank: ok((c) => item(c, 'SortedSetStore').deleteValuesByRank(0, 0)),
      deleteValuesByScore: ok((c) =>
        item(c, 'SortedSetStore').deleteValuesByScore({
          minScore: 100,
          maxScore: 200,
          minBound: 'Include',
          maxBound: 'Include',
        }),
      ),
      ...hiveInstanceCommon('SortedSetStore'),
    },
    clientOnly: { getBaseURL: 'builds a URL' },
  },
  {
    name: 'UnitOfWork',
    target: (c) => new (c.user as unknown as { UnitOfWork: new () => object }).UnitOfWork(),
    calls: {
      // One unit holding every operation type, so the builders below are all sent by execute().
      execute: ok(async (c) => {
        type Op = { resolveTo(i: number, p?: string): unknown };
        const uow = new (
          c.user as unknown as { UnitOfWork: new () => Record<string, (...a: unknown[]) => Op> }
        ).UnitOfWork();
        uow.setIsolationLevel('READ_COMMITTED');
        const made = uow.create('Census', { name: 'uow', score: 1 });
        uow.update(made, { score: 2 });
        uow.upsert('Census', { objectId: 'census-uow-up', name: 'uow' });
        const many = uow.bulkCreate('Census', [{ name: 'uow-bulk' }, { name: 'uow-bulk' }]);
        uow.bulkUpsert('Census', [{ objectId: 'census-uow-bulk-up', name: 'uow' }]);
        const found = uow.find('Census', c.user.DataQueryBuilder.create().setWhereClause("name = 'uow-bulk'"));
        uow.setRelation(made, 'friends', many);
        uow.addToRelation(made, 'friends', [found.resolveTo(0)]);
        uow.deleteRelation(made, 'friends', [found.resolveTo(1)]);
        uow.bulkUpdate('Census', "name = 'uow-bulk'", { score: 3 });
        uow.bulkDelete('Census', "name = 'uow-none'");
        uow.delete(found.resolveTo(1));
        const result = await (
          uow as unknown as { execute(): Promise<{ isSuccess(): boolean; getError(): { message?: string } | null }> }
        ).execute();
        if (!result.isSuccess())
          throw Object.assign(new Error(`unit of work failed: ${result.getError()?.message}`), { status: 200 });
      }),
    },
    clientOnly: {
      create: 'an operation, sent by execute',
      update: 'an operation, sent by execute',
      upsert: 'an operation, sent by execute',
      delete: 'an operation, sent by execute',
      bulkCreate: 'an operation, sent by execute',
      bulkUpsert: 'an operation, sent by execute',
      bulkUpdate: 'an operation, sent by execute',
      bulkDelete: 'an operation, sent by execute',
      find: 'an operation, sent by execute',
      setRelation: 'an operation, sent by execute',
      addToRelation: 'an operation, sent by execute',
      deleteRelation: 'an operation, sent by execute',
      relationsOperation: 'builds an operation',
      addOperations: 'builds an operation',
      composePayload: 'builds the body',
      getNextOpResultIndex: 'names an operation',
      getOpStackName: 'names an operation',
      getOpResultById: 'reads local state',
      setIsolationLevel: 'sets local state',
      setResult: 'maps the answer',
    },
  },
  {
    name: 'UnitOfWork (class)',
    target: (c) => (c.user as unknown as { UnitOfWork: object }).UnitOfWork,
    calls: {},
    clientOnly: {
      initFromJSON: 'rebuilds a unit from stored JSON',
      OpResult: 'value class',
      OpResultValueReference: 'value class',
    },
  },
  {
    name: 'CustomServices',
    target: (c) => c.user.CustomServices,
    calls: {
      invoke: refusable('no service named census is deployed: 404 naming it', (c) =>
        c.user.CustomServices.invoke('census', 'hello', { name: 'x' }),
      ),
    },
  },
  {
    name: 'APIServices',
    target: (c) => c.user.APIServices,
    calls: {
      invoke: refusable('no service named census is deployed: 404 naming it', (c) =>
        c.user.APIServices.invoke('census', 'hello', 'raw text'),
      ),
    },
  },
  {
    name: 'Events',
    target: (c) => c.user.Events,
    calls: {
      dispatch: refusable('no handler of the custom event census is deployed: 404 naming it', (c) =>
        c.user.Events.dispatch('census', { a: 1 }),
      ),
    },
  },
  {
    name: 'Logging',
    target: (c) => c.user.Logging,
    calls: {
      flush: ok(async (c) => {
        const logging = c.user.Logging as unknown as {
          flush(): Promise<void>;
          stopFlushInterval(): void;
          reset(): void;
        };
        c.user.Logging.getLogger('census').info('hello');
        try {
          await logging.flush();
        } finally {
          // A refused flush queues its messages again for a timer; the census sends them once.
          await new Promise((resolve) => setTimeout(resolve, 5));
          logging.stopFlushInterval();
          logging.reset();
        }
      }),
    },
    clientOnly: {
      getLogger: 'makes a logger',
      push: 'queues a message',
      setConfig: 'sets local state',
      reset: 'clears local state',
      loadLoggingLevels: 'reads the cached /info answer',
      checkMessagesLen: 'flush policy',
      checkMessagesLimit: 'flush policy',
      startFlushInterval: 'flush timer',
      stopFlushInterval: 'flush timer',
      setLogReportingPolicy: 'flush policy',
      setMessagesLimit: 'flush policy',
    },
  },
  {
    name: 'Logging.getLogger(name)',
    target: (c) => c.user.Logging.getLogger('census'),
    calls: {},
    clientOnly: Object.fromEntries(
      ['debug', 'info', 'warn', 'error', 'fatal', 'trace', 'log', 'min'].map((m) => [
        m,
        'queues a message for Logging.flush',
      ]),
    ),
  },
  {
    name: 'Commerce',
    target: (c) => c.user.Commerce,
    calls: {
      validatePlayPurchase: refusable(
        'the app has no Google Play service account (the success path is in commerce.test.ts)',
        (c) => c.user.Commerce.validatePlayPurchase('com.example.census', 'gems', 'token'),
      ),
      getPlaySubscriptionStatus: refusable('the app has no Google Play service account', (c) =>
        c.user.Commerce.getPlaySubscriptionStatus('com.example.census', 'monthly', 'token'),
      ),
      cancelPlaySubscription: refusable('the app has no Google Play service account', (c) =>
        c.user.Commerce.cancelPlaySubscription('com.example.census', 'monthly', 'token'),
      ),
    },
  },
  {
    name: 'Management.Data',
    target: (c) => (c.bl.Management as unknown as { Data: object }).Data,
    calls: {
      createTable: ok((c) =>
        (
          c.bl.Management as unknown as { Data: { createTable(n: string, cols: unknown[]): Promise<unknown> } }
        ).Data.createTable('CensusMade', [{ name: 'title', type: 'STRING' }]),
      ),
    },
  },
  {
    name: 'Automations',
    target: (c) => c.user.Automations,
    calls: {
      // The census app has no flows: the activation routes answer that (their runs are in modules/flows).
      activateFlow: refusable('404: no flow of that name', (c) => c.user.Automations.activateFlow('census', { a: 1 })),
      activateFlowById: refusable('404: no flow with that id', (c) =>
        c.user.Automations.activateFlowById('flow-1', { a: 1 }),
      ),
      activateFlowTrigger: refusable('404: no flow of that name', (c) =>
        c.user.Automations.activateFlowTrigger('census', 'start', { a: 1 }),
      ),
      activateFlowTriggerById: refusable('404: no flow of that id', (c) =>
        c.user.Automations.activateFlowTriggerById('flow-1', 'trigger-1', { a: 1 }),
      ),
      loadFlowExecutionContext: refusable('404: no flow execution with that id', (c) =>
        c.user.Automations.loadFlowExecutionContext('execution-1'),
      ),
    },
  },
  {
    name: 'LocalCache',
    target: (c) => c.user.LocalCache,
    calls: {},
    clientOnly: { get: 'local storage', set: 'local storage', remove: 'local storage', setStorage: 'local storage' },
  },
  {
    name: 'SharedObject',
    target: (c) => c.user.SharedObject,
    calls: {},
    clientOnly: {
      connect: 'real-time shared object over socket.io (realtime/backendless-sdk-rt.test.ts, shared-objects.test.ts)',
    },
  },
];

describeEachDb(
  'backendless SDK census',
  (server) => {
    const c = { state: {} } as Ctx;
    let remoteServer: Server;

    beforeAll(async () => {
      // A remote file for the upload-by-URL and append-by-URL forms.
      remoteServer = createServer((_req, res) => res.end('remote bytes'));
      await new Promise<void>((resolve) => remoteServer.listen(0, '127.0.0.1', resolve));
      c.remote = `http://127.0.0.1:${(remoteServer.address() as AddressInfo).port}`;

      c.localFile = join(await mkdtemp(join(tmpdir(), 'census-')), 'local.txt');
      await writeFile(c.localFile, 'local stream bytes');
      c.f = await appFixture(server());
      c.origin = await listenForClients(server());
      c.sdk = (apiKey = c.f.keys.JS) =>
        Backendless.initApp({
          serverURL: c.origin,
          appId: c.f.appId,
          apiKey,
          standalone: true,
        } as never) as unknown as Sdk;
      const table = await c.f.table('Census', [
        { name: 'name', dataType: 'STRING' },
        { name: 'score', dataType: 'INT' },
      ]);
      c.tableId = table.tableId;
      const rel = await c.f.console('POST', '/data/tables/Census/columns', {
        name: 'friends',
        dataType: 'DATA_REF',
        toTableName: 'Census',
        relationshipType: 'ONE_TO_MANY',
      });
      expect(rel.statusCode, rel.body).toBe(200);

      expect((await c.f.console('PUT', '/security/roles/CensusRole')).statusCode).toBe(200);
      await c.f.user('census@example.com', 'census pass 1');
      c.other = await c.f.user('census-other@example.com', 'census pass 1');
      c.user = c.sdk();
      c.userId = String(
        ((await c.user.UserService.login('census@example.com', 'census pass 1', false)) as unknown as Rec).objectId,
      );
      c.bl = c.sdk(c.f.keys.BL);
      c.rec = (await c.user.Data.of('Census').save({ name: 'first', score: 1 })) as Rec;
      c.permRec = (await c.user.Data.of('Census').save({ name: 'guarded', score: 2 })) as Rec;
      await c.user.Files.saveFile('census', 'perm.txt', 'guarded text', true);
      const template = await c.f.console('POST', '/messaging/push/templates', {
        name: 'census-template',
        channelName: 'census',
        message: 'Hello {name}',
      });
      expect(template.statusCode, template.body).toBe(200);
      const mailTemplate = await c.f.console('POST', '/emailtemplate', {
        name: 'census-template',
        subject: 'Census',
        body: 'Hello {name}',
      });
      expect(mailTemplate.statusCode, mailTemplate.body).toBe(200);
      // Stores the static census methods read from.
      await (c.user.Hive as unknown as (n: string) => { create(): Promise<unknown> })('census').create();
    });

    afterAll(async () => {
      if (process.env.BASALT_CENSUS_REPORT)
        console.table(outcomes.filter((o) => o.answer !== 'resolved' || o.verdict !== 'ok'));
      outcomes.length = 0;
      await new Promise((resolve) => remoteServer.close(resolve));
    });

    it('names every public method of every SDK group, as called or as client-only', () => {
      const unknown: string[] = [];
      const stale: string[] = [];
      for (const g of GROUPS) {
        const methods = methodsOf(g.target(c));
        const known = new Set([...Object.keys(g.calls), ...Object.keys(g.clientOnly ?? {})]);
        for (const m of methods) if (!known.has(m)) unknown.push(`${g.name}.${m}`);
        for (const m of known) if (!methods.includes(m)) stale.push(`${g.name}.${m}`);
      }
      expect(unknown, 'SDK methods the census neither calls nor lists as client-only').toEqual([]);
      expect(stale, 'census entries the SDK does not have').toEqual([]);
      for (const name of [...Object.keys(NOT_BUILT), ...Object.keys(PENDING), ...Object.keys(SHAPES)]) {
        const [group, method] = [name.slice(0, name.lastIndexOf('.')), name.slice(name.lastIndexOf('.') + 1)];
        expect(GROUPS.find((g) => g.name === group)?.calls[method], `${name} is not a census call`).toBeDefined();
      }
    });

    for (const g of GROUPS.filter((g) => Object.keys(g.calls).length > 0)) {
      it(`${g.name}: every call is answered in a shape the SDK reads`, async () => {
        const failures: string[] = [];
        for (const [method, call] of Object.entries(g.calls)) {
          const name = `${g.name}.${method}`;
          if (PENDING[name]) continue;
          const failure = await settle(name, call, c);
          if (failure) failures.push(failure);
        }
        expect(failures).toEqual([]);
      });
    }

    // Registered only while something is pending: each entry is its own test.
    const pending = Object.entries(PENDING);
    if (pending.length)
      describe('pending: methods whose part is not on main yet (each must still fail; remove it when it passes)', () => {
        for (const [name, reason] of pending) {
          it(`${name} — ${reason}`, async () => {
            const [group, method] = [name.slice(0, name.lastIndexOf('.')), name.slice(name.lastIndexOf('.') + 1)];
            const call = GROUPS.find((g) => g.name === group)!.calls[method];
            expect(await settle(name, call, c), `${name} now passes: remove it from PENDING`).not.toBeNull();
          });
        }
      });
  },
  { remoteFetchPrivate: true },
);

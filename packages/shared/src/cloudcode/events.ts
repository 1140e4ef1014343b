/**
 * The cloud-code event catalogue: every event a handler can be registered for, with the numbering
 * of Backendless's code runner (so handlers, chains and console pickers written for it keep their
 * ids), the arguments a handler receives by name (`req.<arg>`; after-handlers also get
 * `res.result`), and whether the event takes a target (a table, a channel, a custom event's name).
 *
 * Read by the server (handler routes, the interceptor registry, deploy checks), the SDK and the
 * console's event pickers. Decision 0047.
 */

/**
 * The provider names Basalt uses for handlers (the sandbox's registration, `cc_handlers.provider`,
 * the interceptor registry). Each is one category of the reference.
 */
export type CcProvider = 'data' | 'user' | 'file' | 'messaging' | 'cache' | 'counters' | 'geo' | 'timer' | 'custom';

/** A category as the console shows it: the reference's upper-case provider key (`TIMER`, `PERSISTENCE` ...). */
export type CcCategoryId =
  'PERSISTENCE' | 'USER' | 'FILE' | 'MESSAGING' | 'CACHE' | 'ATOMIC_OPERATION' | 'GEO' | 'TIMER' | 'CUSTOM';

export interface CcCategory {
  id: CcCategoryId;
  /** Shown in the console. */
  name: string;
  provider: CcProvider;
  /** The runner's own provider id (`persistence`, `atomic-operation` ...). */
  runnerId: string;
  /** Whether handlers name a target: a table, a channel, a geo category or a custom event name. */
  targeted: boolean;
  /** What the target names, for pickers and messages. */
  targetKind: 'table' | 'channel' | 'category' | 'event' | null;
  /** Kept for numbering only: handlers cannot be created for it. */
  deprecated?: boolean;
}

export interface CcEvent {
  /** The runner's event id (100 = data beforeCreate ...). */
  id: number;
  /** The runner's event name (`beforeCreate`); unique within a provider, not across them. */
  name: string;
  provider: CcProvider;
  category: CcCategoryId;
  phase: 'before' | 'after' | 'execute';
  /** Arguments handed to the handler by name, in the runner's order (`result` is in `res`, not here). */
  args: string[];
  targeted: boolean;
  deprecated?: boolean;
}

export const CC_CATEGORIES: readonly CcCategory[] = [
  { id: 'PERSISTENCE', name: 'Data', provider: 'data', runnerId: 'persistence', targeted: true, targetKind: 'table' },
  { id: 'USER', name: 'Users', provider: 'user', runnerId: 'user', targeted: false, targetKind: null },
  { id: 'FILE', name: 'Files', provider: 'file', runnerId: 'file', targeted: false, targetKind: null },
  {
    id: 'MESSAGING',
    name: 'Messaging',
    provider: 'messaging',
    runnerId: 'messaging',
    targeted: true,
    targetKind: 'channel',
  },
  { id: 'CACHE', name: 'Cache', provider: 'cache', runnerId: 'cache', targeted: false, targetKind: null },
  {
    id: 'ATOMIC_OPERATION',
    name: 'Counters',
    provider: 'counters',
    runnerId: 'atomic-operation',
    targeted: false,
    targetKind: null,
  },
  {
    id: 'GEO',
    name: 'Geo',
    provider: 'geo',
    runnerId: 'geo',
    targeted: true,
    targetKind: 'category',
    deprecated: true,
  },
  { id: 'TIMER', name: 'Timers', provider: 'timer', runnerId: 'timer', targeted: false, targetKind: null },
  { id: 'CUSTOM', name: 'Custom events', provider: 'custom', runnerId: 'custom', targeted: true, targetKind: 'event' },
];

/**
 * [before id, operation, args]: the before event is `before<operation>` with that id and the after
 * event `after<operation>` with the next id (the runner numbers every pair so).
 */
type Pair = readonly [number, string, readonly string[]];

const REL = ['columnName', 'parentObjectId', 'childrenArrayORWhereClause'];
const PAGE = ['relations', 'relationsDepth', 'properties'];

const PAIRS: Record<Exclude<CcCategoryId, 'TIMER' | 'CUSTOM'>, readonly Pair[]> = {
  PERSISTENCE: [
    [100, 'Create', ['item']],
    [102, 'FindById', ['itemId', 'relations']],
    [104, 'LoadRelations', ['itemId', 'entityName', 'relationName', 'pageSize', 'offset']],
    [106, 'Remove', ['itemId']],
    [108, 'Update', ['item']],
    [110, 'Describe', ['itemName']],
    [112, 'Find', ['query']],
    [114, 'First', PAGE],
    [116, 'Last', PAGE],
    [118, 'UpdateBulk', ['tableName', 'whereClause', 'changes']],
    [120, 'RemoveBulk', ['tableName', 'whereClause']],
    [122, 'AddRelation', REL],
    [124, 'SetRelation', REL],
    [126, 'DeleteRelation', REL],
    [128, 'Count', ['query']],
    [130, 'CreateBulk', ['items']],
    [134, 'Transaction', ['unitOfWork']],
    [136, 'Group', ['query']],
    [138, 'CountInGroup', ['query']],
    [140, 'Upsert', ['item']],
    [142, 'UpsertBulk', ['items']],
  ],
  USER: [
    [200, 'Login', ['login', 'password']],
    [202, 'Register', ['user']],
    [204, 'Update', ['user']],
    [206, 'Remove', ['userId']],
    [208, 'Describe', []],
    [210, 'RestorePassword', ['email']],
    [212, 'Logout', []],
    [214, 'Find', ['query']],
    [216, 'FindById', ['userId', 'relations']],
    [218, 'UpdateBulk', ['whereClause', 'changes']],
    [220, 'RemoveBulk', ['whereClause']],
    [222, 'EmailConfirmed', ['confirmationKey']],
    [224, 'SocialLogin', ['userProperties', 'socialType']],
    [226, 'SocialRegister', ['userProperties', 'socialType']],
    [228, 'LoginAsGuest', []],
    [230, 'OAuthLogin', ['userProperties', 'oauthProviderCode']],
    [232, 'OAuthRegister', ['userProperties', 'oauthProviderCode']],
    [234, 'Group', ['query']],
    [236, 'Upsert', []],
  ],
  GEO: [
    [402, 'AddPoint', ['point']],
    [404, 'UpdatePoint', ['point']],
    [406, 'RemovePoint', ['pointId']],
    [408, 'GetCategories', []],
    [410, 'GetPoints', ['query']],
    [412, 'AddCategory', ['categoryName']],
    [414, 'DeleteCategory', ['categoryName']],
    [416, 'RelativeFind', ['query']],
  ],
  MESSAGING: [
    [500, 'Publish', ['message', 'publishOptions', 'deliveryOptions']],
    [502, 'Subscribe', ['channel', 'options']],
    [504, 'Cancel', ['messageId']],
    [506, 'Poll', ['messageId']],
    [508, 'Push', ['templateDescription']],
    [510, 'PushWithTemplate', ['templateName']],
    [512, 'DeviceRegistration', ['registration']],
    [514, 'SendEmail', ['subject', 'bodyParts', 'recipients', 'attachments']],
    [516, 'GetMessageStatus', ['messageId']],
    [518, 'SendEmailFromTemplate', ['templateName', 'envelope', 'templateValues']],
  ],
  FILE: [
    [600, 'Upload', ['fileURL']],
    [602, 'DeleteFileOrDirectory', ['fileURL', 'pattern', 'recursive']],
    [604, 'SaveFileFromByteArray', ['fileURL', 'overwrite']],
    [606, 'CopyFileOrDirectory', ['source', 'target']],
    [608, 'MoveFileOrDirectory', ['source', 'target']],
    [610, 'Count', ['path', 'pattern', 'recursive', 'isCountDirectories']],
    [612, 'Listing', ['path', 'pattern', 'recursive', 'pageSize', 'offset']],
    [614, 'Exists', ['path']],
  ],
  CACHE: [
    [1001, 'Put', ['key', 'value', 'ttl']],
    [1003, 'Get', ['key']],
    [1005, 'Contains', ['key']],
    [1007, 'ExpireAt', ['key', 'expireAt']],
    [1009, 'ExpireIn', ['key', 'expireIn']],
    [1011, 'Delete', ['key']],
  ],
  ATOMIC_OPERATION: [
    [1201, 'Reset', ['counterName']],
    [1203, 'GetAndIncrement', ['counterName']],
    [1205, 'IncrementAndGet', ['counterName']],
    [1207, 'GetAndDecrement', ['counterName']],
    [1209, 'DecrementAndGet', ['counterName']],
    [1211, 'AddAndGet', ['counterName', 'value']],
    [1213, 'GetAndAdd', ['counterName', 'value']],
    [1215, 'Get', ['counterName']],
    [1217, 'CompareAndSet', ['counterName', 'expected', 'updated']],
    [1219, 'List', ['pattern']],
  ],
};

function buildEvents(): CcEvent[] {
  const out: CcEvent[] = [];
  const category = (id: CcCategoryId) => CC_CATEGORIES.find((c) => c.id === id)!;
  const add = (id: number, name: string, cat: CcCategory, phase: CcEvent['phase'], args: readonly string[]) =>
    out.push({
      id,
      name,
      provider: cat.provider,
      category: cat.id,
      phase,
      args: [...args],
      targeted: cat.targeted,
      ...(cat.deprecated ? { deprecated: true } : {}),
    });
  for (const [catId, pairs] of Object.entries(PAIRS) as Array<[CcCategoryId, readonly Pair[]]>) {
    const cat = category(catId);
    for (const [id, op, args] of pairs) {
      add(id, `before${op}`, cat, 'before', args);
      add(id + 1, `after${op}`, cat, 'after', args);
    }
  }
  // A lone before event: its handler may answer the file itself (or another URL) instead of the download.
  add(618, 'beforeDownload', category('FILE'), 'before', ['fileURL']);
  add(800, 'execute', category('TIMER'), 'execute', []);
  // A custom event's handler gets `req.args`; a non-object answer is wrapped as `{ result }`.
  add(900, 'execute', category('CUSTOM'), 'execute', ['args']);
  return out.sort((a, b) => a.id - b.id);
}

/** Every event, by id. */
export const CC_EVENTS: readonly CcEvent[] = buildEvents();

const byId = new Map(CC_EVENTS.map((e) => [e.id, e]));
const byName = new Map(CC_EVENTS.map((e) => [`${e.provider}:${e.name}`, e]));
const categoryById = new Map(CC_CATEGORIES.map((c) => [c.id, c]));
const categoryByProvider = new Map(CC_CATEGORIES.map((c) => [c.provider, c]));

export const TIMER_EVENT_ID = 800;
export const CUSTOM_EVENT_ID = 900;

export function ccEventById(id: number): CcEvent | undefined {
  return byId.get(id);
}

/** The event `name` of `provider` (names repeat across providers: data and user both have `beforeUpdate`). */
export function ccEvent(provider: string, name: string): CcEvent | undefined {
  return byName.get(`${provider}:${name}`);
}

export function ccCategory(id: string): CcCategory | undefined {
  return categoryById.get(id as CcCategoryId);
}

/** The category of one of our provider names; also accepts the runner's ids (`persistence`, `atomic-operation`). */
export function ccCategoryOfProvider(provider: string): CcCategory | undefined {
  return categoryByProvider.get(provider as CcProvider) ?? CC_CATEGORIES.find((c) => c.runnerId === provider);
}

/**
 * An event named by id (a number or its digits) or as `provider:name` / `name` (the latter only
 * when the name is unique); undefined when none fits.
 */
export function ccEventByRef(ref: string | number): CcEvent | undefined {
  if (typeof ref === 'number' || /^\d{1,5}$/.test(ref)) return byId.get(Number(ref));
  const at = ref.indexOf(':');
  if (at > 0) {
    const provider = ccCategoryOfProvider(ref.slice(0, at))?.provider;
    return provider && byName.get(`${provider}:${ref.slice(at + 1)}`);
  }
  const matches = CC_EVENTS.filter((e) => e.name === ref);
  return matches.length === 1 ? matches[0] : undefined;
}

/** The after event of a before event (`beforeCreate` → `afterCreate`), for services that pair them. */
export function ccAfterOf(event: CcEvent): CcEvent | undefined {
  return event.phase === 'before' ? byId.get(event.id + 1) : undefined;
}

/**
 * Events a handler can be declared for that no operation of Basalt sets off, each with the reason
 * (decision 0055). Every other event of the catalogue fires on its app API operation; the server's
 * event census test holds the two lists together (an event neither fired nor listed here fails it).
 */
/**
 * Events that fire, proven by a test other than the event census because their operation needs
 * more than the census's app (each value names the test). The census checks the ids exist.
 */
export const FIRED_ELSEWHERE: Readonly<Record<number, string>> = (() => {
  const out: Record<number, string> = {};
  const proof =
    'Social (`/users/social/{code}/login`) and OAuth (browser flow, Auth0) sign-ins need an identity provider: appapi/oauth/oauth-login.test.ts proves them';
  for (const id of [224, 225, 226, 227, 230, 231, 232, 233]) out[id] = proof;
  return out;
})();

export const NOT_FIRED: Readonly<Record<number, string>> = (() => {
  const out: Record<number, string> = {};
  const both = (before: number, reason: string) => {
    out[before] = reason;
    out[before + 1] = reason;
  };
  const throughData =
    "Users are read and written in bulk through the data API (`/data/Users`, `/data/bulk/Users`), whose data events on table 'Users' fire";
  both(
    114,
    'The SDK’s findFirst is a find (`/data/{table}/find` sorted by created, one row): beforeFind/afterFind fire',
  );
  both(
    116,
    'The SDK’s findLast is a find (`/data/{table}/find` sorted by created descending): beforeFind/afterFind fire',
  );
  both(
    206,
    "The app API removes a user through the data API (`DELETE /data/Users/{id}`): data beforeRemove/afterRemove on 'Users' fire",
  );
  both(214, throughData);
  both(216, throughData);
  both(218, throughData);
  both(220, throughData);
  both(234, 'Users are grouped through the data API (`/data/data-grouping/Users`): data beforeGroup/afterGroup fire');
  both(236, "A user upsert is a data upsert (`/data/Users/upsert`): data beforeUpsert/afterUpsert on 'Users' fire");
  for (let id = 402; id <= 417; id++) out[id] = 'Geo is deprecated in the reference and not built';
  both(502, 'Subscriptions are joins of the real-time socket, not app API requests: no handler runs in a socket join');
  both(506, 'Polling subscriptions (SDK v3) are not built; real-time subscriptions replaced them');
  both(
    508,
    'The app API has no push without a template: a publish with a push policy fires beforePublish/afterPublish, a template push beforePushWithTemplate',
  );
  return out;
})();

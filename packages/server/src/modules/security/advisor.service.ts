import type { AdvisorAnswer, AdvisorRisk } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { Caller } from './permission-engine.js';
import { SYSTEM_ROLES } from './roles.service.js';
import type { Security } from './security.service.js';
import { AdvisorRepo } from './advisor.repo.js';

/** A key not made or regenerated for this long counts as never rotated. */
export const STALE_KEY_DAYS = 90;
const DAY = 86_400_000;
const WRITES = ['Create', 'Update', 'Remove'] as const;
const ANONYMOUS = 'NotAuthenticatedUser';

/**
 * The security advisor: risks of one app, read from the same places the server decides with.
 * What anonymous callers may do on a table is asked of the permission engine (the role alone, as
 * "Run as" does), so the advisor can never disagree with what the app API enforces.
 */
export async function adviseApp(
  ctx: ServerContext,
  security: Security,
  appId: string,
  now = Date.now(),
): Promise<AdvisorAnswer> {
  const risks: AdvisorRisk[] = [];
  const data = ctx.data;

  const roles = await security.roles.rows(appId);
  const anonymous = roles.find((r) => r.name === ANONYMOUS);
  if (data && anonymous) {
    const caller: Caller = {
      appId,
      deviceType: 'REST',
      userId: null,
      roles: [{ id: anonymous.id, name: anonymous.name }],
    };
    const schema = await data.schema(appId);
    for (const table of schema.tables) {
      const open: Array<(typeof WRITES)[number]> = [];
      for (const op of WRITES) {
        // Signing up is how a user row is made: anonymous Create on Users is the point of the table.
        if (op === 'Create' && table.name === 'Users') continue;
        if ((await security.engine.decide(caller, 'data', table.tableId, op)).access === 'GRANT') open.push(op);
      }
      if (!open.length) continue;
      risks.push({
        id: `anonymous-writes:${table.tableId}`,
        kind: 'anonymous-writes',
        level: 'high',
        title: `Anyone can ${open.map(verb).join(', ')} records in ${table.name}`,
        detail: `Callers who are not signed in (role ${ANONYMOUS}) are granted ${open.join(', ')} on this table, so anyone holding a public API key can change its data.`,
        table: { tableId: table.tableId, name: table.name, operations: open },
        roleId: anonymous.id,
      });
    }
  }

  if (data && (await data.tables.config(appId)).dynamicSchema) {
    risks.push({
      id: 'dynamic-schema',
      kind: 'dynamic-schema',
      level: 'medium',
      title: 'Dynamic schema is on',
      detail:
        'A write through the app API that names an unknown table or column creates it, so any client key can grow your schema.',
    });
  }

  const custom = roles.filter((r) => !r.system && !(SYSTEM_ROLES as readonly string[]).includes(r.name));
  const panic = await security.panic.state(appId);
  if (!panic.enabled && custom.length === 0) {
    risks.push({
      id: 'no-roles',
      kind: 'no-roles',
      level: 'low',
      title: 'No roles of your own',
      detail:
        'Every signed-in user has the same rights: create roles to give admins and ordinary users different permissions, and know where panic mode is for a bad day.',
    });
  }

  const repo = new AdvisorRepo(ctx.dbs.system);
  const keys = await repo.keyDates(appId);
  const stale = keys
    .filter((k) => now - Number(k.updated ?? k.created) > STALE_KEY_DAYS * DAY)
    .map((k) => k.name ?? k.device_type);
  if (stale.length) {
    risks.push({
      id: 'stale-keys',
      kind: 'stale-keys',
      level: 'low',
      title: `${stale.length} API key${stale.length === 1 ? '' : 's'} not rotated for ${STALE_KEY_DAYS} days`,
      detail: 'A key that leaked long ago still works until it is regenerated.',
      keys: stale,
    });
  }

  const ids = await repo.developerIds(appId);
  if (ids.length) {
    const without = await repo.emailsWithout2fa(ids);
    if (without.length) {
      risks.push({
        id: 'members-without-2fa',
        kind: 'members-without-2fa',
        level: 'medium',
        title: `${without.length} team member${without.length === 1 ? '' : 's'} without two-factor sign-in`,
        detail: 'A stolen password alone opens the console for them, with every right they have on this app.',
        members: without,
      });
    }
  }

  const order = { high: 0, medium: 1, low: 2 } as const;
  risks.sort((a, b) => order[a.level] - order[b.level]);
  return { risks, staleKeyDays: STALE_KEY_DAYS };
}

function verb(op: string): string {
  return op === 'Remove' ? 'delete' : op.toLowerCase();
}

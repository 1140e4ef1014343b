import type { WebhookOperation } from '@basalt/shared';

/** Events that are not about a table: group, event name, title. */
export const PLAIN_EVENTS: Array<[group: string, event: string, title: string]> = [
  ['users', 'users.registered', 'A user registered'],
  ['users', 'users.loggedin', 'A user logged in'],
  ['files', 'files.uploaded', 'A file was uploaded'],
  ['files', 'files.deleted', 'A file or folder was deleted'],
  ['messaging', 'messaging.published', 'A message was published to a channel'],
];

export const DATA_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type DataAction = (typeof DATA_ACTIONS)[number];

/** The event a test delivery carries ("Send test"); no webhook lists it. */
export const TEST_EVENT = 'webhook.test';

const DATA_EVENT = /^data\.([A-Za-z_*][A-Za-z0-9_]{0,99})\.(created|updated|deleted)$/;

/** Why an event name cannot be listed by a webhook, or undefined when it can. */
export function eventProblem(name: string): string | undefined {
  if (DATA_EVENT.test(name)) return undefined;
  if (PLAIN_EVENTS.some(([, e]) => e === name)) return undefined;
  return `'${name.slice(0, 100)}' is not an event a webhook can hear; use data.<table>.created|updated|deleted, ${PLAIN_EVENTS.map(([, e]) => e).join(', ')}`;
}

/** The table of a data event name, lower case (`*` for every table), or undefined. */
export function dataEventTable(name: string): { table: string; action: DataAction } | undefined {
  const m = DATA_EVENT.exec(name);
  return m ? { table: m[1].toLowerCase(), action: m[2] as DataAction } : undefined;
}

/** The operations list: every table's three data events (and `*`), then users, files, messaging. */
export function operationsOf(tables: string[]): WebhookOperation[] {
  const out: WebhookOperation[] = [];
  for (const table of ['*', ...tables])
    for (const action of DATA_ACTIONS)
      out.push({
        event: `data.${table}.${action}`,
        group: 'data',
        table,
        title: table === '*' ? `A record of any table was ${action}` : `A ${table} record was ${action}`,
      });
  for (const [group, event, title] of PLAIN_EVENTS) out.push({ event, group, title });
  return out;
}

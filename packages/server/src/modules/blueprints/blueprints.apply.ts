import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { AUTH_HEADER } from '../../http/auth.js';
import type { LoadedBlueprint } from './blueprint-file.js';

type Method = 'GET' | 'POST' | 'PUT';

/**
 * Makes a new app what the blueprint describes (decision 0065) by calling the console API as the
 * developer who creates the app: the same routes, checks, events, audit entries and permissions as
 * if they had clicked through the console, with no second way to write schema, data, security or
 * code. A step the server refuses stops the work with the step named; the caller removes the app.
 */
export async function applyBlueprint(
  app: FastifyInstance,
  req: FastifyRequest,
  appId: string,
  blueprint: LoadedBlueprint,
): Promise<void> {
  const f = blueprint.file;
  const authKey = req.headers[AUTH_HEADER];
  const call = async (step: string, method: Method, path: string, body?: unknown): Promise<any> => {
    const res: LightMyRequestResponse = await app.inject({
      method,
      url: `/${encodeURIComponent(appId)}/console${path}`,
      headers: { ...(typeof authKey === 'string' ? { [AUTH_HEADER]: authKey } : {}) },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    if (res.statusCode >= 200 && res.statusCode < 300) return res.body ? res.json() : undefined;
    let message = res.body;
    try {
      message = (res.json() as { message?: string }).message ?? res.body;
    } catch {
      // not JSON: the text as it came
    }
    const text = `Blueprint '${f.id}' could not be applied (${step}): ${message}`;
    if (res.statusCode < 500) throw ApiError.badRequest(text);
    throw new Error(text);
  };
  const seg = encodeURIComponent;

  for (const t of f.tables) {
    await call(`table ${t.name}`, 'POST', '/data/tables', { name: t.name });
    for (const c of t.columns)
      await call(`column ${t.name}.${c.name}`, 'POST', `/data/tables/${seg(t.name)}/columns`, c);
  }
  for (const r of f.relations ?? []) {
    const { table, ...column } = r;
    await call(`relation ${table}.${r.name}`, 'POST', `/data/tables/${seg(table)}/columns/relation`, column);
  }
  for (const role of f.roles ?? []) await call(`role ${role}`, 'PUT', `/security/roles/${seg(role)}`);

  // Records in the file's order; `@ref` names each for the links that follow.
  const ids = new Map<string, { table: string; id: string }>();
  for (const [table, rows] of Object.entries(f.records ?? {})) {
    for (const row of rows) {
      const { '@ref': ref, ...values } = row;
      const saved = await call(`record of ${table}`, 'POST', `/data/${seg(table)}`, values);
      if (typeof ref === 'string') ids.set(ref, { table, id: String(saved.objectId) });
    }
  }
  const idOf = (ref: string) => {
    const found = ids.get(ref);
    if (!found) throw ApiError.badRequest(`Blueprint '${f.id}' links the unknown record '${ref}'`);
    return found.id;
  };
  for (const l of f.links ?? []) {
    const path = `/data/${seg(l.table)}/${seg(idOf(l.record))}/${seg(l.column)}`;
    await call(`relation ${l.table}.${l.column} of ${l.record}`, 'PUT', path, l.to.map(idOf));
  }

  if (f.permissions?.length || f.ownerPolicy?.length) {
    const { tables } = (await call('tables', 'GET', '/data/tables')) as {
      tables: Array<{ name: string; tableId: string }>;
    };
    const roles = (await call('roles', 'GET', '/security/roles')) as Array<{ roleId: string; rolename: string }>;
    const tableId = (name: string) => tables.find((t) => t.name === name)?.tableId ?? name;
    const roleId = (name: string) => roles.find((r) => r.rolename === name)?.roleId ?? name;
    for (const p of f.permissions ?? []) {
      const permissions = p.operations.map((operation) => ({ operation, access: p.access }));
      const path = `/security/data/${seg(tableId(p.table))}/roles/${seg(roleId(p.role))}`;
      await call(`permissions of ${p.role} on ${p.table}`, 'PUT', path, { permissions });
    }
    for (const p of f.ownerPolicy ?? [])
      for (const operation of p.operations)
        await call(`owner policy on ${p.table}`, 'PUT', `/security/data/ownerpolicy/${seg(tableId(p.table))}`, {
          operation,
          access: p.access,
        });
  }

  if (blueprint.code.length)
    await call(
      'cloud code deploy',
      'PUT',
      '/servercode/default/production/JS',
      blueprint.code.map((c) => ({ id: c.file, content: c.content })),
    );
}

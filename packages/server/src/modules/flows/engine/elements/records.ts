import crypto from 'node:crypto';
import { ApiError } from '../../../../http/api-error.js';
import { textOf } from '../expressions.js';
import { isRec, obj, str, type ElementKit, type ElementRun, type ElementSpec, type Outcome } from './types.js';

/** A record id derived from the step, so a repeated step finds the record it made instead of making another. */
export function stepRecordId(stepKey: string): string {
  const h = crypto.createHash('sha256').update(stepKey).digest('hex').toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

async function createRecord(r: ElementRun, kit: ElementKit): Promise<Outcome> {
  const values = r.config.values;
  if (!isRec(values)) return { kind: 'fail', code: 'BAD_CONFIG', message: "'values' must be an object" };
  const caller = await kit.caller(r.appId);
  const table = String(r.config.table);
  const objectId = stepRecordId(r.stepKey);
  // A step repeated after a crash finds the record its first run made.
  const known = (await kit.ctx.data.schema(r.appId)).table(table);
  const existing = known && (await kit.data.raw(r.appId, known, objectId));
  if (existing) return { kind: 'done', output: existing, port: 'out' };
  const record = await kit.data.create(caller, table, { ...values, objectId });
  return { kind: 'done', output: record, port: 'out' };
}

/**
 * Record actions go through the app API's data service as the app's server code (the BL key's
 * caller, role ServerCodeUser), so the app's permissions for server code apply and data events,
 * handlers and real time see the writes like any other.
 */
export const RECORD_ELEMENTS: Record<string, ElementSpec> = {
  'action.createRecord': { ports: ['out', 'error'], checks: [str('table'), obj('values')], run: createRecord },
  'action.updateRecord': {
    ports: ['out', 'error'],
    checks: [str('table'), str('objectId'), obj('changes')],
    run: async ({ appId, config: c }, kit) => {
      if (!isRec(c.changes)) return { kind: 'fail', code: 'BAD_CONFIG', message: "'changes' must be an object" };
      const record = await kit.data.update(await kit.caller(appId), String(c.table), textOf(c.objectId), c.changes);
      return { kind: 'done', output: record, port: 'out' };
    },
  },
  'action.findRecords': {
    ports: ['out', 'error'],
    checks: [
      str('table'),
      (c) =>
        c.pageSize === undefined || (Number(c.pageSize) >= 1 && Number(c.pageSize) <= 100)
          ? undefined
          : "'pageSize' must be 1 to 100",
    ],
    run: async ({ appId, config: c }, kit) => {
      const query = {
        where: c.where === undefined ? undefined : textOf(c.where),
        pageSize: Number(c.pageSize ?? 10),
      };
      const records = await kit.data.find(await kit.caller(appId), String(c.table), query);
      return { kind: 'done', output: records, port: 'out' };
    },
  },
  'action.deleteRecord': {
    ports: ['out', 'error'],
    checks: [str('table'), str('objectId')],
    run: async ({ appId, config: c }, kit) => {
      const objectId = textOf(c.objectId);
      if (!(await kit.ctx.data.schema(appId)).table(String(c.table)))
        return { kind: 'fail', code: 'NOT_FOUND', message: `Table '${String(c.table)}' does not exist` };
      try {
        const { deletionTime } = await kit.data.remove(await kit.caller(appId), String(c.table), objectId);
        return { kind: 'done', output: { objectId, deletionTime }, port: 'out' };
      } catch (err) {
        // A step repeated after a crash finds its record gone already: that is what it was asked for.
        if (err instanceof ApiError && err.status === 404)
          return { kind: 'done', output: { objectId, deletionTime: null }, port: 'out' };
        throw err;
      }
    },
  },
};

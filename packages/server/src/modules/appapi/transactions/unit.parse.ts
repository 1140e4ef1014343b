import { appErrorCode } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import type { TransactionIsolation } from '../../../db/app-transaction.js';
import { MAX_BULK } from '../data-access.js';

/** The operation types of the `backendless` SDK's UnitOfWork. */
export const OPERATION_TYPES = [
  'CREATE',
  'CREATE_BULK',
  'UPDATE',
  'UPDATE_BULK',
  'UPSERT',
  'UPSERT_BULK',
  'DELETE',
  'DELETE_BULK',
  'SET_RELATION',
  'ADD_RELATION',
  'DELETE_RELATION',
  'FIND',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** Most operations in one unit. */
export const MAX_OPERATIONS = 1000;
/** Most records a unit's payloads may carry in all (bulk creates and upserts together). */
export const MAX_UNIT_RECORDS = MAX_BULK;

const ISOLATION: Record<string, TransactionIsolation> = {
  READ_UNCOMMITTED: 'read uncommitted',
  READ_COMMITTED: 'read committed',
  REPEATABLE_READ: 'repeatable read',
  SERIALIZABLE: 'serializable',
};

/** One operation as sent; `sent` is echoed in a failure answer. */
export interface UnitOperation {
  index: number;
  opResultId: string;
  operationType: OperationType;
  table: string;
  payload: unknown;
  sent: Record<string, unknown>;
}

/** A reference to an earlier operation's result: `{___ref: true, opResultId, resultIndex?, propName?}`. */
export interface Reference {
  ___ref: true;
  opResultId: string;
  resultIndex?: number;
  propName?: string;
}

/** An operation that cannot run, answered `success: false` naming it (a 200 the SDK reads). */
export class OperationFailure extends Error {
  constructor(
    readonly operation: UnitOperation,
    message: string,
    readonly code: number = appErrorCode('BAD_REQUEST'),
    readonly underlying?: unknown,
  ) {
    super(message);
  }
}

export interface Unit {
  isolation?: TransactionIsolation;
  operations: UnitOperation[];
}

type Rec = Record<string, unknown>;
const isPlain = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);
export const isReference = (v: unknown): v is Reference => isPlain(v) && v.___ref === true;

const refused = (message: string) => new ApiError('BAD_REQUEST', message);

/**
 * Reads a unit's body. What makes the whole body unreadable (not an object, no operation list,
 * too many operations, an operation without its own opResultId) is a 400: there is no operation
 * the SDK could name. Everything wrong inside one operation (its type, table, payload shape, a
 * reference to an operation that does not come before it) is found here, before any transaction
 * opens, and answered as that operation's failure (`invalid`).
 */
export function readUnit(body: unknown): { unit: Unit; invalid?: OperationFailure } {
  if (!isPlain(body)) throw refused('Send the unit of work as a JSON object {isolationLevelEnum?, operations}');
  const raw = body.operations;
  if (!Array.isArray(raw)) throw refused('The unit of work has no operations list');
  if (raw.length > MAX_OPERATIONS)
    throw refused(`A unit of work takes at most ${MAX_OPERATIONS} operations; this one has ${raw.length}`);
  const level = body.isolationLevelEnum ?? body.transactionIsolation;
  if (level !== undefined && level !== null && !(typeof level === 'string' && ISOLATION[level])) {
    throw refused(`isolationLevelEnum must be one of ${Object.keys(ISOLATION).join(', ')}`);
  }
  const seen = new Map<string, number>();
  const operations: UnitOperation[] = raw.map((op, index) => {
    if (!isPlain(op) || typeof op.opResultId !== 'string' || !op.opResultId || op.opResultId.length > 500) {
      throw refused(`Operation ${index} has no opResultId`);
    }
    if (seen.has(op.opResultId)) throw refused(`Two operations have the opResultId '${op.opResultId.slice(0, 100)}'`);
    seen.set(op.opResultId, index);
    return {
      index,
      opResultId: op.opResultId,
      operationType: op.operationType as OperationType,
      table: op.table as string,
      payload: op.payload,
      sent: op,
    };
  });
  const unit: Unit = { isolation: typeof level === 'string' ? ISOLATION[level] : undefined, operations };
  let records = 0;
  for (const op of operations) {
    const problem = checkOperation(op, seen);
    if (problem) return { unit, invalid: new OperationFailure(op, problem) };
    if (op.operationType === 'CREATE_BULK' || op.operationType === 'UPSERT_BULK')
      records += (op.payload as unknown[]).length;
    if (records > MAX_UNIT_RECORDS)
      return {
        unit,
        invalid: new OperationFailure(
          op,
          `A unit of work carries at most ${MAX_UNIT_RECORDS} records in its bulk operations`,
        ),
      };
  }
  return { unit };
}

/** What is wrong with one operation, or undefined. */
function checkOperation(op: UnitOperation, seen: Map<string, number>): string | undefined {
  if (!(OPERATION_TYPES as readonly string[]).includes(op.operationType as string)) {
    return `Unknown operationType '${String(op.operationType).slice(0, 40)}'; expected one of ${OPERATION_TYPES.join(', ')}`;
  }
  if (typeof op.table !== 'string' || !op.table.trim() || op.table.length > 200) return 'The operation names no table';
  const refProblem = checkReferences(op.payload, op, seen, 0);
  if (refProblem) return refProblem;
  const p = op.payload;
  const idLike = (v: unknown) =>
    typeof v === 'string' ||
    isReference(v) ||
    (isPlain(v) && (typeof v.objectId === 'string' || isReference(v.objectId)));
  const selection = (v: Rec) => {
    const hasWhere = typeof v.conditional === 'string' && v.conditional.trim().length > 0;
    const hasList = Array.isArray(v.unconditional) || isReference(v.unconditional);
    if (hasWhere === hasList)
      return 'Give either conditional (a where clause) or unconditional (objectIds or a reference)';
    if (Array.isArray(v.unconditional) && v.unconditional.length > MAX_BULK)
      return `At most ${MAX_BULK} objectIds in one operation`;
    return undefined;
  };
  switch (op.operationType) {
    case 'CREATE':
    case 'UPSERT':
      return isPlain(p) && !isReference(p) ? undefined : 'The payload must be the record (a JSON object)';
    case 'UPDATE':
      if (!isPlain(p) || isReference(p)) return 'The payload must be the record (a JSON object)';
      return typeof p.objectId === 'string' || isReference(p.objectId)
        ? undefined
        : 'The payload of an update needs the objectId of the record (or a reference)';
    case 'DELETE':
      return idLike(p) ? undefined : 'The payload of a delete must be the objectId of the record (or a reference)';
    case 'CREATE_BULK':
    case 'UPSERT_BULK':
      if (!Array.isArray(p) || !p.every((r) => isPlain(r) && !isReference(r)))
        return 'The payload must be a JSON array of records';
      return p.length > MAX_BULK ? `At most ${MAX_BULK} records in one operation` : undefined;
    case 'UPDATE_BULK':
      if (!isPlain(p) || !isPlain(p.changes) || isReference(p.changes))
        return 'The payload of a bulk update needs changes (a JSON object)';
      return selection(p);
    case 'DELETE_BULK':
      return isPlain(p) ? selection(p) : 'The payload of a bulk delete needs conditional or unconditional';
    case 'SET_RELATION':
    case 'ADD_RELATION':
    case 'DELETE_RELATION':
      if (!isPlain(p) || !idLike(p.parentObject)) return 'The payload needs parentObject (an objectId or a reference)';
      if (typeof p.relationColumn !== 'string' || !p.relationColumn) return 'The payload needs relationColumn';
      return selection(p);
    case 'FIND':
      return p === undefined || p === null || (isPlain(p) && !isReference(p))
        ? undefined
        : 'The payload of a find must be a query (a JSON object)';
  }
}

/** Every reference in `value` must name an operation sent before `op`, with a valid index and property. */
function checkReferences(
  value: unknown,
  op: UnitOperation,
  seen: Map<string, number>,
  depth: number,
): string | undefined {
  if (depth > 64) return 'The payload is nested too deeply';
  if (Array.isArray(value)) {
    for (const v of value) {
      const problem = checkReferences(v, op, seen, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  if (!isPlain(value)) return undefined;
  if ('___ref' in value) {
    const at = typeof value.opResultId === 'string' ? seen.get(value.opResultId) : undefined;
    const named = String(value.opResultId).slice(0, 100);
    if (value.___ref !== true || typeof value.opResultId !== 'string')
      return 'A reference needs ___ref: true and the opResultId of an earlier operation';
    if (at === undefined) return `The reference names '${named}', which is no operation of this unit`;
    if (at >= op.index) return `The reference names '${named}', which does not come before this operation`;
    if (
      value.resultIndex !== undefined &&
      value.resultIndex !== null &&
      !(Number.isInteger(value.resultIndex) && (value.resultIndex as number) >= 0)
    ) {
      return 'resultIndex of a reference must be a whole number of at least 0';
    }
    if (
      value.propName !== undefined &&
      value.propName !== null &&
      (typeof value.propName !== 'string' || !value.propName)
    )
      return 'propName of a reference must be a property name';
    return undefined;
  }
  for (const v of Object.values(value)) {
    const problem = checkReferences(v, op, seen, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

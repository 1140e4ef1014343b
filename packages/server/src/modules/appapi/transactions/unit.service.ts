import type { ServerContext } from '../../../context.js';
import { appErrorCode } from '@basalt/shared';
import { numericCode, type AppCaller } from '../../../http/app-auth.js';
import { ApiError } from '../../../http/api-error.js';
import { errorAnswer } from '../../../http/error-handler.js';
import { dbFailureOf } from '../../../db/db-errors.js';
import { queryTimedOut } from '../../../db/query-limits.js';
import { inAppTransaction } from '../../../db/app-transaction.js';
import { intercepted } from '../../../events/interceptors.js';
import { OperationFailure, readUnit, type OperationType, type Unit, type UnitOperation } from './unit.parse.js';
import { UnresolvedReference, type Results } from './unit.refs.js';
import { UnitOperations } from './unit.operations.js';

/** The answer of `POST /{appId}/{apiKey}/transaction/unit-of-work`, as the SDK's UnitOfWork reads it. */
export interface UnitAnswer {
  success: boolean;
  /** Per opResultId; null when the unit failed (nothing of it was written). */
  results: Record<string, { type: OperationType; operationType: OperationType; result: unknown }> | null;
  error: null | {
    message: string;
    code: number;
    operation: { opResultId: string; operationType: unknown; table: unknown; payload: unknown };
  };
}

/** Units running at once in this process; more wait. On PostgreSQL each holds a pooled connection. */
const MAX_OPEN_UNITS = 4;
/** Runs of a unit that PostgreSQL refused as a write conflict (deadlock, serialisation) before answering 409. */
const ATTEMPTS = 3;

/** PostgreSQL refused the unit for another transaction's writes: deadlock, serialisation, or a lock wait over the limit (dialect.ts). */
const isConflict = (err: unknown) => ['write-conflict', 'lock-unavailable'].includes(dbFailureOf(err)?.kind ?? '');

const failed = (f: OperationFailure): UnitAnswer => ({
  success: false,
  results: null,
  error: {
    message: f.message,
    code: f.code,
    operation: {
      opResultId: f.operation.opResultId,
      operationType: f.operation.sent.operationType,
      table: f.operation.sent.table,
      payload: f.operation.sent.payload,
    },
  },
});

/**
 * Units of work (the SDK's `UnitOfWork.execute()`): every operation of a unit in one database
 * transaction of the app's store, references to earlier results resolved in order, all written or
 * none (decision 0027). An operation that fails (refused, invalid, a unique clash ...) rolls the
 * whole unit back and is named in a 200 `success: false` answer; events of the unit's writes
 * reach real time, audit and the rest only after the commit.
 */
export class UnitsOfWork {
  private open = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly ctx: ServerContext) {}

  /**
   * The unit's own event handlers (`beforeTransaction` / `afterTransaction`, target '*') run
   * outside its database transaction, before it opens and after it commits: handlers never run
   * while a transaction holds the store, and its operations fire no handlers of their own.
   */
  execute(caller: AppCaller, body: unknown): Promise<UnitAnswer> {
    if (!this.ctx.interceptors.active(caller.appId)) return this.executeNow(caller, body);
    return intercepted(
      this.ctx.interceptors,
      { appId: caller.appId, provider: 'data', target: '*', caller },
      { before: 'beforeTransaction', after: 'afterTransaction' },
      { unitOfWork: body },
      (r) => this.executeNow(caller, r.unitOfWork),
    );
  }

  private async executeNow(caller: AppCaller, body: unknown): Promise<UnitAnswer> {
    const { unit, invalid } = readUnit(body);
    if (invalid) return failed(invalid);
    if (!unit.operations.length) return { success: true, results: {}, error: null };
    await this.enter();
    try {
      return await this.attempt(caller, unit);
    } finally {
      this.leave();
    }
  }

  private async attempt(caller: AppCaller, unit: Unit): Promise<UnitAnswer> {
    for (let attempt = 1; ; attempt++) {
      try {
        const results = await inAppTransaction(this.ctx, caller.appId, unit.isolation, (scoped) =>
          this.apply(scoped, caller, unit),
        );
        const answer: NonNullable<UnitAnswer['results']> = {};
        for (const [id, r] of results)
          answer[id] = { type: r.operationType, operationType: r.operationType, result: r.result };
        return { success: true, results: answer, error: null };
      } catch (err) {
        const cause = err instanceof OperationFailure ? err.underlying : err;
        if (isConflict(cause)) {
          // Nothing of the unit was written: running it again is safe, and usually succeeds.
          if (attempt < ATTEMPTS) {
            // Apart, at random: units that collided once would collide again if retried together.
            await new Promise((r) => setTimeout(r, 20 + Math.random() * 80 * attempt));
            continue;
          }
          throw new ApiError(
            'CONFLICT',
            'Another transaction changed the same records at the same moment; nothing of this unit was written, send it again',
          );
        }
        if (err instanceof OperationFailure) return failed(err);
        throw err;
      }
    }
  }

  private async apply(scoped: ServerContext, caller: AppCaller, unit: Unit): Promise<Results> {
    const operations = new UnitOperations(scoped, caller);
    const results: Results = new Map();
    for (const op of unit.operations) {
      try {
        results.set(op.opResultId, { operationType: op.operationType, result: await operations.run(op, results) });
      } catch (err) {
        throw this.failure(op, err);
      }
    }
    return results;
  }

  /**
   * An operation's error as the unit's failure naming it; the server's own faults (5xx) stay
   * errors of the request. Thrown out of the transaction, either rolls it back.
   */
  private failure(op: UnitOperation, err: unknown): unknown {
    if (err instanceof UnresolvedReference) return new OperationFailure(op, err.message);
    // PostgreSQL's statement_timeout, set for the unit's transaction (dialect.ts).
    if (dbFailureOf(err)?.kind === 'cancelled') err = queryTimedOut(this.ctx.dbs.queryTimeoutMs);
    if (isConflict(err)) return new OperationFailure(op, String((err as Error).message), appErrorCode('CONFLICT'), err);
    const answer = errorAnswer(err as Error);
    if (answer.status >= 500) return err;
    return new OperationFailure(op, answer.body.message, numericCode(answer.body.code, answer.status), err);
  }

  private async enter(): Promise<void> {
    if (this.open < MAX_OPEN_UNITS) {
      this.open++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.open--;
  }
}

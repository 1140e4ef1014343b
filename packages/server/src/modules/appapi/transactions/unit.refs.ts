import { assertId } from '../data-access.js';
import { isReference, type OperationType, type Reference } from './unit.parse.js';

/** What an operation answered, by opResultId. */
export type Results = Map<string, { operationType: OperationType; result: unknown }>;

/** A reference that does not lead to a value; the operation holding it fails with this message. */
export class UnresolvedReference extends Error {}

type Rec = Record<string, unknown>;
const isPlain = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The value a reference stands for: the earlier operation's result, item `resultIndex` of it
 * (a FIND's records, a bulk create's objectIds), then its property `propName` (a record's field;
 * `objectId` of an id is the id itself). Without either, the whole result (a collection).
 */
function valueOf(ref: Reference, results: Results): unknown {
  const earlier = results.get(ref.opResultId);
  if (!earlier)
    throw new UnresolvedReference(`The reference names '${ref.opResultId.slice(0, 100)}', which has no result`);
  let value = earlier.result;
  if (ref.resultIndex !== undefined && ref.resultIndex !== null) {
    if (!Array.isArray(value))
      throw new UnresolvedReference(
        `'${ref.opResultId}' (${earlier.operationType}) answered no list to take item ${ref.resultIndex} of`,
      );
    if (ref.resultIndex >= value.length)
      throw new UnresolvedReference(
        `'${ref.opResultId}' has no result at index ${ref.resultIndex} (it has ${value.length})`,
      );
    value = value[ref.resultIndex];
  }
  if (ref.propName !== undefined && ref.propName !== null) {
    if (isPlain(value)) {
      // Own properties only: '__proto__' or 'constructor' name no value of a result.
      if (!Object.hasOwn(value, ref.propName))
        throw new UnresolvedReference(
          `The result of '${ref.opResultId}' has no property '${ref.propName.slice(0, 80)}'`,
        );
      value = value[ref.propName];
    } else if (!(typeof value === 'string' && ref.propName === 'objectId')) {
      throw new UnresolvedReference(
        `The result of '${ref.opResultId}' (${earlier.operationType}) has no property '${ref.propName.slice(0, 80)}'`,
      );
    }
  }
  return value;
}

/** `value` with every reference in it replaced by what it stands for. */
export function resolve(value: unknown, results: Results): unknown {
  if (isReference(value)) return valueOf(value, results);
  if (Array.isArray(value)) return value.map((v) => resolve(v, results));
  if (!isPlain(value)) return value;
  const out: Rec = {};
  // Defined, not assigned: a `__proto__` key (JSON.parse makes it an own key) stays a plain key.
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, k, { value: resolve(v, results), enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * Record ids from a resolved selection: an id, a record, or a list of either (a whole FIND result
 * or a bulk create's ids, or items one by one, flattened).
 */
export function idsOf(value: unknown, what = 'objectId'): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => idsOf(v, what));
  if (isPlain(value)) return [assertId(value.objectId, what)];
  return [assertId(value, what)];
}

/** One record id from a resolved value (an id or a record). */
export function idOf(value: unknown, what = 'objectId'): string {
  const ids = idsOf(value, what);
  if (ids.length !== 1) throw new UnresolvedReference(`${what} must be one record, not ${ids.length}`);
  return ids[0];
}

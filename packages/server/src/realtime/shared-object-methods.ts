import type { FanOut } from './fan-out.js';
import { idList, MAX_NAME, Refusal, text } from './frames.js';
import { SharedObjectLimitError, type SharedObjects } from './shared-objects.js';

export const SHARED_OBJECT_METHODS = new Set(['RSO_GET', 'RSO_SET', 'RSO_CLEAR', 'RSO_COMMAND', 'RSO_INVOKE']);

/** The caller of a shared-object method, as named in the events it causes. */
export interface Sender {
  appId: string;
  connectionId: string;
  userId: string | null;
}

/** An optional key: absent reads the whole object. */
function keyOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NAME)
    throw new Refusal('BAD_REQUEST', `key must be a non-empty string of at most ${MAX_NAME} characters`);
  return value;
}

/**
 * `RSO_GET` / `RSO_SET` / `RSO_CLEAR` / `RSO_COMMAND` / `RSO_INVOKE`: reads and writes the object's
 * state, then tells the object's listeners in every process. Events carry the sender's connection
 * and user ids, as the channel commands do.
 */
export async function runSharedObjectMethod(
  objects: SharedObjects,
  fanOut: FanOut,
  from: Sender,
  method: string,
  options: Record<string, unknown>,
): Promise<unknown> {
  const name = text(options.name, 'Shared object name');
  const { appId, connectionId, userId } = from;
  const tell = (
    subscription: 'RSO_CHANGES' | 'RSO_CLEARED' | 'RSO_COMMANDS' | 'RSO_INVOKE',
    data: unknown,
    targets?: string[],
  ) => fanOut.publish({ kind: 'rso', appId, name, subscription, data, ...(targets ? { targets } : {}) });
  try {
    switch (method) {
      case 'RSO_GET':
        return await objects.get(appId, name, keyOf(options.key));
      case 'RSO_SET': {
        const key = text(options.key, 'key');
        const data = options.data ?? null;
        await objects.set(appId, name, key, data);
        tell('RSO_CHANGES', { key, data, connectionId, userId });
        return null;
      }
      case 'RSO_CLEAR':
        await objects.clear(appId, name);
        tell('RSO_CLEARED', { connectionId, userId });
        return null;
      case 'RSO_COMMAND': {
        const data = { type: options.type ?? null, data: options.data ?? null, connectionId, userId };
        if (JSON.stringify(data).length > 64 * 1024)
          throw new Refusal('LIMIT', 'A shared-object command may take at most 64 KB as JSON');
        tell('RSO_COMMANDS', data);
        return null;
      }
      case 'RSO_INVOKE': {
        const invoked = text(options.method, 'method');
        const args = options.args ?? [];
        if (!Array.isArray(args)) throw new Refusal('BAD_REQUEST', 'args must be an array');
        if (JSON.stringify(args).length > 64 * 1024)
          throw new Refusal('LIMIT', 'Invocation arguments may take at most 64 KB as JSON');
        const targets = idList(options.targets, 'targets');
        tell('RSO_INVOKE', { method: invoked, args }, targets);
        return null;
      }
      default:
        throw new Refusal('BAD_REQUEST', `Unknown shared-object method '${method}'`);
    }
  } catch (err) {
    if (err instanceof SharedObjectLimitError) throw new Refusal('LIMIT', err.message);
    throw err;
  }
}

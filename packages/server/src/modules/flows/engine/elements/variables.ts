import { textOf } from '../expressions.js';
import { isRec, obj, present, str, type Check, type ElementSpec } from './types.js';

/** Longest shared memory key; longest time a shared value may be kept (a year). */
const MAX_KEY = 200;
const MAX_TTL_SECONDS = 31_536_000;
/** Largest value kept in shared memory, as JSON. */
export const MAX_SHARED_BYTES = 64 * 1024;

const checkKey: Check = (c) =>
  typeof c.key === 'string' && c.key && c.key.length <= MAX_KEY
    ? undefined
    : `needs 'key' (1 to ${MAX_KEY} characters)`;
const checkTtl: Check = (c) =>
  c.ttlSeconds === undefined || (Number(c.ttlSeconds) >= 1 && Number(c.ttlSeconds) <= MAX_TTL_SECONDS)
    ? undefined
    : `'ttlSeconds' must be 1 to ${MAX_TTL_SECONDS}`;

/**
 * Instance variables (`$vars`), the instance's name, and shared memory: a key/value store per
 * flow (all its versions and instances), each value with an optional expiry, read as `$shared`.
 * Setting is repeat-safe: a repeated step writes the same value again.
 */
export const VARIABLE_ELEMENTS: Record<string, ElementSpec> = {
  'action.setVariables': {
    ports: ['out', 'error'],
    checks: [obj('values')],
    run: ({ config: c, state }) => {
      if (!isRec(c.values)) return { kind: 'fail', code: 'BAD_CONFIG', message: "'values' must be an object" };
      const vars = { ...state.vars, ...c.values };
      return { kind: 'done', output: vars, port: 'out', state: { vars } };
    },
  },
  'action.assignName': {
    ports: ['out', 'error'],
    checks: [present('name')],
    run: ({ config: c }) => {
      const name = textOf(c.name).slice(0, 200);
      return { kind: 'done', output: { name }, port: 'out', state: { name } };
    },
  },
  'action.sharedSet': {
    ports: ['out', 'error'],
    checks: [checkKey, present('value'), checkTtl],
    run: async ({ appId, flowId, config: c, now }, kit) => {
      const json = JSON.stringify(c.value ?? null);
      if (Buffer.byteLength(json) > MAX_SHARED_BYTES)
        return {
          kind: 'fail',
          code: 'VALUE_TOO_LARGE',
          message: `A shared value is at most ${MAX_SHARED_BYTES} bytes`,
        };
      const expiresAt = c.ttlSeconds === undefined ? null : now + Number(c.ttlSeconds) * 1000;
      await kit.flows.sharedSet(flowId, appId, String(c.key), c.value ?? null, expiresAt);
      return { kind: 'done', output: { key: c.key, value: c.value ?? null, expiresAt }, port: 'out' };
    },
  },
  'action.sharedGet': {
    ports: ['out', 'error'],
    checks: [checkKey, str('key')],
    run: async ({ flowId, config: c, now }, kit) => {
      const value = await kit.flows.sharedGet(flowId, String(c.key), now);
      return { kind: 'done', output: value === undefined ? (c.default ?? null) : value, port: 'out' };
    },
  },
};

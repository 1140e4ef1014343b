import { textOf } from '../expressions.js';
import { oneOf, present, type ElementSpec } from './types.js';

export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'];

export const MISC_ELEMENTS: Record<string, ElementSpec> = {
  'action.log': {
    ports: ['out', 'error'],
    checks: [oneOf('level', LOG_LEVELS), present('message')],
    run: ({ config: c }) => ({ kind: 'done', output: { level: c.level, message: textOf(c.message) }, port: 'out' }),
  },
};

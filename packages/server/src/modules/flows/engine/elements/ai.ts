import { ApiError } from '../../../../http/api-error.js';
import { aiServiceOf } from '../../../ai/index.js';
import { textOf } from '../expressions.js';
import { present, type ElementKit, type ElementSpec, type Outcome, type Rec } from './types.js';

/** An AI call that failed: its error code and message, for the element's `error` port. */
function failed(err: unknown): Outcome {
  if (err instanceof ApiError) return { kind: 'fail', code: err.code, message: err.message };
  throw err;
}

const boolOrAbsent =
  (key: string) =>
  (c: Rec): string | undefined =>
    c[key] === undefined || typeof c[key] === 'boolean' ? undefined : `'${key}' must be true or false`;

/**
 * The flows' AI elements (decision 0076): both go through the app's AI service, so the operator's
 * provider, the daily quota and the errors are those of the console's helpers. A step repeated
 * after a crash asks again: that costs tokens, never a duplicate write.
 */
export const AI_ELEMENTS: Record<string, ElementSpec> = {
  /** Asks one of the app's assistants (by id or name); the output is `{decision, usage}`. */
  'action.aiAssistant': {
    ports: ['out', 'error'],
    checks: [present('assistant'), present('message')],
    async run({ appId, config: c }, kit: ElementKit) {
      try {
        const answer = await aiServiceOf(kit.ctx).ask(appId, textOf(c.assistant), textOf(c.message));
        return { kind: 'done', output: { decision: answer.decision, usage: answer.usage }, port: 'out' };
      } catch (err) {
        return failed(err);
      }
    },
  },
  /** One model call with the flow's own prompts: `{prompt, system?, model?, json?}` → `{answer, usage}`. */
  'action.aiAgent': {
    ports: ['out', 'error'],
    checks: [present('prompt'), boolOrAbsent('json')],
    async run({ appId, config: c }, kit: ElementKit) {
      try {
        const answer = await aiServiceOf(kit.ctx).agent(appId, {
          prompt: textOf(c.prompt),
          system: c.system === undefined ? undefined : textOf(c.system),
          model: c.model === undefined ? undefined : textOf(c.model),
          json: c.json === true,
        });
        return { kind: 'done', output: answer, port: 'out' };
      } catch (err) {
        return failed(err);
      }
    },
  },
};

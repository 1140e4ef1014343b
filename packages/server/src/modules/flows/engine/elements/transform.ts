import jsonata from 'jsonata';
import { type Check, type ElementSpec, type Outcome } from './types.js';

/** A transformer's budget: time, depth of evaluation, items in one sequence, expression and answer size. */
export const TRANSFORM_MS = 1000;
const TRANSFORM_DEPTH = 300;
const TRANSFORM_SEQUENCE = 100_000;
const MAX_EXPRESSION = 10_000;
export const MAX_TRANSFORM_BYTES = 256 * 1024;

const checkExpression: Check = (c) => {
  if (typeof c.expression !== 'string' || !c.expression.trim() || c.expression.length > MAX_EXPRESSION)
    return `needs 'expression' (a JSONata expression of 1 to ${MAX_EXPRESSION} characters)`;
  try {
    jsonata(c.expression);
    return undefined;
  } catch (err) {
    return `'expression' does not parse: ${(err as Error).message}`;
  }
};

const LATE = Symbol('late');
const budget = (message: string): Outcome => ({ kind: 'fail', code: 'EXPRESSION_BUDGET', message });

/**
 * `action.transform {expression, input?}`: a JSONata expression over `input` (default: nothing)
 * with the flow's data bound as `$trigger`, `$initial`, `$results`, `$vars`, `$shared`,
 * `$iteration`, `$instance`, `$now`. JSONata has no access to anything but what it is given; it
 * runs with jsonata's own guards (time checked at every node, depth, sequence length) and a
 * deadline for what awaits, and its answer is capped in size. Over budget: EXPRESSION_BUDGET.
 */
export const TRANSFORM_ELEMENTS: Record<string, ElementSpec> = {
  'action.transform': {
    ports: ['out', 'error'],
    checks: [checkExpression],
    raw: ['expression'],
    run: async ({ config: c, scope }) => {
      let expression: jsonata.Expression;
      try {
        expression = jsonata(String(c.expression), {
          timeout: TRANSFORM_MS,
          stack: TRANSFORM_DEPTH,
          sequence: TRANSFORM_SEQUENCE,
        });
      } catch (err) {
        return { kind: 'fail', code: 'EXPRESSION_SYNTAX', message: (err as Error).message };
      }
      const bindings: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(scope)) bindings[k.replace(/^\$/, '')] = v;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<typeof LATE>((resolve) => {
        timer = setTimeout(() => resolve(LATE), TRANSFORM_MS);
      });
      try {
        const answer = await Promise.race([expression.evaluate(c.input ?? null, bindings), deadline]);
        if (answer === LATE) return budget(`The transformer ran longer than ${TRANSFORM_MS} ms and was cut`);
        const json = JSON.stringify(answer ?? null);
        if (json.length > MAX_TRANSFORM_BYTES)
          return budget(`The transformer's answer is over ${MAX_TRANSFORM_BYTES} bytes and was cut`);
        return { kind: 'done', output: JSON.parse(json) as unknown, port: 'out' };
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'D1011' || code === 'D1012' || code === 'D2015' || err instanceof RangeError)
          return budget(`The transformer went over its budget and was cut (${code ?? 'too large'})`);
        return { kind: 'fail', code: 'EXPRESSION_ERROR', message: (err as Error).message ?? String(code) };
      } finally {
        clearTimeout(timer);
      }
    },
  },
};

import { describe, expect, it } from 'vitest';
import { ExpressionError, checkTemplates, render } from './expressions.js';

const scope = {
  $trigger: { total: 150, name: 'Ada', tags: ['a', 'b'] },
  $results: { 'Find orders': [{ total: 3 }] },
  $initial: { n: 1 },
};

describe('flow expressions', () => {
  it('keeps the type of a template that is one expression, and interpolates text otherwise', () => {
    expect(render('{{ $trigger.total }}', scope)).toBe(150);
    expect(render('{{ $trigger.total > 100 && $initial.n == 1 }}', scope)).toBe(true);
    expect(render('Order of {{ $trigger.name }}: {{ $trigger.total * 2 }}', scope)).toBe('Order of Ada: 300');
    expect(
      render({ first: '{{ $results["Find orders"][0].total }}', count: '{{ $trigger.tags.length }}' }, scope),
    ).toEqual({
      first: 3,
      count: 2,
    });
    expect(render('{{ $missing.deep.path }}', scope)).toBeUndefined();
  });

  it('reaches no prototype and calls nothing', () => {
    expect(render('{{ $trigger.constructor }}', scope)).toBeUndefined();
    expect(render('{{ $trigger["__proto__"] }}', scope)).toBeUndefined();
    expect(() => render('{{ $trigger.name.toUpperCase() }}', scope)).toThrow(ExpressionError);
    expect(() => render('{{ process.exit(1) }}', scope)).toThrow(/Unknown name 'process'/);
  });

  it('cuts a runaway expression by its budget', () => {
    // Every '+' builds the text again, 100 000 characters longer: tens of MB without the budget.
    const doubling = `{{ ${Array.from({ length: 25 }, () => '$t').join(' + ')} }}`;
    const big = { $t: 'x'.repeat(100_000) };
    expect(() => render(doubling, big)).toThrow(expect.objectContaining({ code: 'EXPRESSION_BUDGET' }));
    const long = `{{ ${Array.from({ length: 30_000 }, () => '1').join('+')} }}`;
    expect(() => render(long, {})).toThrow(ExpressionError);
  });

  it('names a template that does not parse', () => {
    expect(checkTemplates({ a: 'fine {{ $trigger.x }}', b: ['{{ $trigger. }}'] })).toMatch(/field name is missing/);
    expect(checkTemplates({ a: '{{ 1 + }}' })).toMatch(/ends too early/);
    expect(checkTemplates({ a: 'no templates' })).toBeUndefined();
  });
});

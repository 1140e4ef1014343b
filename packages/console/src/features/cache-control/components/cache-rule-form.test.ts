import { describe, expect, it } from 'vitest';
import { ageInWords, checkRule, emptyRule, headerOf, targetOf } from './cache-rule-form';

describe('cache rule form', () => {
  it('asks for a target and names what a files path may not hold', () => {
    expect(checkRule(emptyRule('data')).target).toBe('Pick a table, or * for every table');
    expect(checkRule({ ...emptyRule('files'), target: 'web/../secret' }).target).toMatch(/without empty parts/);
    expect(checkRule({ ...emptyRule('files'), target: '/web/img/' })).toEqual({});
    expect(targetOf({ ...emptyRule('files'), target: '/web/img/' })).toBe('web/img');
  });

  it('checks max-age only where the directive uses it', () => {
    expect(checkRule({ ...emptyRule('data'), target: 'Orders', maxAge: -1 })).toEqual({});
    const pub = { ...emptyRule('data'), target: 'Orders', cacheControl: 'public' as const };
    expect(checkRule({ ...pub, maxAge: 1.5 }).maxAge).toMatch(/whole seconds/);
    expect(checkRule({ ...pub, maxAge: 31_536_001 }).maxAge).toMatch(/a year/);
    expect(checkRule({ ...pub, maxAge: 60 })).toEqual({});
  });

  it('shows the header the app API sends and ages in words', () => {
    expect(headerOf({ cacheControl: 'no-cache', maxAge: 60 })).toBe('no-cache');
    expect(headerOf({ cacheControl: 'public', maxAge: 60 })).toBe('public, max-age=60');
    expect([0, 90, 300, 7_200, 86_400 * 3].map(ageInWords)).toEqual(['0 s', '90 s', '5 min', '2 h', '3 d']);
  });
});

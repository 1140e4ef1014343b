import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedSearchParams, currentSearchParams } from './search-params';

describe('query strings built from the browser location', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the location, sets values and removes keys given an empty value', () => {
    vi.stubGlobal('window', { location: { search: '?search=bolt&sort=name%3Aasc&page=3' } });
    expect(currentSearchParams().get('search')).toBe('bolt');
    const next = changedSearchParams({ search: null, where: "city = 'Oslo'", page: '', sort: undefined });
    expect(next.toString()).toBe(new URLSearchParams({ where: "city = 'Oslo'" }).toString());
    // The location itself is untouched: each call starts again from it.
    expect(changedSearchParams({}).toString()).toBe('search=bolt&sort=name%3Aasc&page=3');
  });
});

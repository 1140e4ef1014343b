import { describe, expect, it } from 'vitest';
import { ACCESS_TTL_MS, accessGeneration, accessMemory, forgetConsoleAccess } from './access-cache.js';

describe('console access memory', () => {
  it('answers a remembered value until its time is up', () => {
    const m = accessMemory<string>();
    m.set('k', 'v', accessGeneration(), 1000);
    expect(m.get('k', 1000 + ACCESS_TTL_MS - 1)).toBe('v');
    expect(m.get('k', 1000 + ACCESS_TTL_MS)).toBeUndefined();
  });

  it('forgets everything at once when access changes', () => {
    const m = accessMemory<string>();
    m.set('k', 'v', accessGeneration());
    forgetConsoleAccess();
    expect(m.get('k')).toBeUndefined();
  });

  it('does not remember what a lookup read before a change it overlapped', () => {
    const m = accessMemory<string>();
    const since = accessGeneration();
    forgetConsoleAccess();
    m.set('k', 'stale', since);
    expect(m.get('k')).toBeUndefined();
  });
});

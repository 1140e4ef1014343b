import { describe, expect, it } from 'vitest';
import { checkDraftPath } from './draft-path';

describe('new draft file paths', () => {
  it('accepts folders, spaces and code extensions', () => {
    expect(checkDraftPath('services/my orders.js', [])).toBeNull();
    expect(checkDraftPath('lib/util.ts', [])).toBeNull();
  });

  it('refuses traversal, empty folders, other extensions and duplicates', () => {
    expect(checkDraftPath('../x.js', [])).toMatch(/\.\./);
    expect(checkDraftPath('a//b.js', [])).toMatch(/empty/);
    expect(checkDraftPath('/a.js', [])).toMatch(/starts/);
    expect(checkDraftPath('notes.txt', [])).toMatch(/end in/);
    expect(checkDraftPath('a.js', ['a.js'])).toMatch(/exists/);
    expect(checkDraftPath('', [])).toMatch(/path/);
  });
});

import { describe, expect, it } from 'vitest';
import { languageOf } from './languages';

describe('languageOf', () => {
  it.each([
    ['app.js', 'javascript'],
    ['types.d.ts', 'typescript'],
    ['DATA.JSON', 'json'],
    ['index.html', 'html'],
    ['notes.md', 'markdown'],
    ['README', 'plaintext'],
    ['archive.tar.gz', 'plaintext'],
    ['.env', 'plaintext'],
  ])('%s → %s', (name, id) => expect(languageOf(name)).toBe(id));
});

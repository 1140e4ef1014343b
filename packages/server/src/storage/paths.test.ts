import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkName, resolveInside, splitEncodedPath, splitUserPath } from './paths.js';
import { StorageError } from './errors.js';

function kindOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof StorageError ? err.kind : 'other';
  }
  return undefined;
}

async function kindOfAsync(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (err) {
    return err instanceof StorageError ? err.kind : 'other';
  }
  return undefined;
}

describe('checkName', () => {
  it('accepts plain names, including unicode, spaces inside and leading dots', () => {
    for (const name of ['a.txt', 'Résumé final.pdf', '.env', 'data-2024_01', '日本語.md'])
      expect(checkName(name)).toBe(name);
  });

  it('refuses escapes as outside (403)', () => {
    for (const name of ['..', '../x', 'a/../b', '..\\x', '%2e%2e', '%2E%2E%2Fetc'])
      expect(
        kindOf(() => checkName(name)),
        name,
      ).toBe('outside');
  });

  it('refuses bad names as invalid (400)', () => {
    const bad = [
      '',
      '.',
      'a\\b',
      'a/b',
      'nul\u0000',
      'tab\there',
      'bell\u0007',
      'del\u007f',
      'CON',
      'nul.txt',
      'Com1',
      'LPT9.log',
      'a:b',
      'C:',
      'x<y',
      'a?',
      'trailing.',
      'trailing ',
      '%41bc',
      '.basalt-tmp',
      'x'.repeat(256),
    ];
    for (const name of bad)
      expect(
        kindOf(() => checkName(name)),
        JSON.stringify(name),
      ).toBe('invalid');
  });
});

describe('splitEncodedPath', () => {
  it('decodes each part once and drops empty parts', () => {
    expect(splitEncodedPath('//a%20b//c%2B.txt/')).toEqual(['a b', 'c+.txt']);
    expect(splitEncodedPath('')).toEqual([]);
  });

  it('keeps an encoded slash inside its part, where it is refused', () => {
    expect(kindOf(() => splitEncodedPath('a%2Fb'))).toBe('invalid');
    expect(kindOf(() => splitEncodedPath('..%2Fetc'))).toBe('outside');
    expect(kindOf(() => splitEncodedPath('%2e%2e/etc'))).toBe('outside');
    expect(kindOf(() => splitEncodedPath('%252e%252e/etc'))).toBe('outside');
    expect(kindOf(() => splitEncodedPath('a%5Cb'))).toBe('invalid');
    expect(kindOf(() => splitEncodedPath('a%00b'))).toBe('invalid');
    expect(kindOf(() => splitEncodedPath('bad%zz'))).toBe('invalid');
  });
});

describe('splitUserPath', () => {
  it('refuses absolute paths of every platform', () => {
    for (const p of ['/etc/passwd', '\\\\server\\share', 'C:/Windows', 'c:\\x'])
      expect(
        kindOf(() => splitUserPath(p)),
        p,
      ).toBe('outside');
  });
  it('refuses too deep paths', () => {
    expect(kindOf(() => splitUserPath(Array.from({ length: 70 }, () => 'a').join('/')))).toBe('invalid');
  });
});

describe('resolveInside', () => {
  let base: string;
  let root: string;
  let outside: string;

  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-paths-'));
    root = path.join(base, 'root');
    outside = path.join(base, 'outside');
    fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    fs.symlinkSync(outside, path.join(root, 'link'));
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'docs', 'file-link'));
  });
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('answers paths inside the root, existing or not', async () => {
    expect(await resolveInside(root, '')).toBe(root);
    expect(await resolveInside(root, 'docs/new/deeper.txt')).toBe(path.join(root, 'docs', 'new', 'deeper.txt'));
  });

  it('refuses a path through a symbolic link, or ending at one', async () => {
    expect(await kindOfAsync(resolveInside(root, 'link/secret.txt'))).toBe('outside');
    expect(await kindOfAsync(resolveInside(root, 'link'))).toBe('outside');
    expect(await kindOfAsync(resolveInside(root, 'docs/file-link'))).toBe('outside');
  });

  it('refuses escapes and creates nothing while refusing', async () => {
    const before = fs.readdirSync(base).sort();
    expect(await kindOfAsync(resolveInside(root, '../outside/secret.txt'))).toBe('outside');
    expect(await kindOfAsync(resolveInside(root, '/etc/passwd'))).toBe('outside');
    expect(await kindOfAsync(resolveInside(path.join(base, 'not-yet'), 'a/b'))).toBeUndefined();
    expect(fs.readdirSync(base).sort()).toEqual(before);
  });
});

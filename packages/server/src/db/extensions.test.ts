import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadExtensions } from './dialect.js';

describe('SQL extensions', () => {
  afterEach(() => {
    delete process.env.SPATIALITE_SECURITY;
  });

  it("SpatiaLite's file functions stay off even when the environment asks for them", () => {
    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-ext-')), 'written.txt');
    process.env.SPATIALITE_SECURITY = 'relaxed';
    const db = new Database(':memory:');
    loadExtensions(db, ['mod_spatialite']);
    // SpatiaLite itself is there (a spatial function answers) ...
    expect(db.prepare('select ST_AsText(MakePoint(1, 2)) as p').get()).toEqual({ p: 'POINT(1 2)' });
    // ... but not its functions that write or read the server's files.
    expect(() => db.prepare(`select BlobToFile(x'41', ?)`).get(target)).toThrow(/no such function/);
    expect(() => db.prepare(`select BlobFromFile('/etc/hostname')`).get()).toThrow(/no such function/);
    expect(fs.existsSync(target)).toBe(false);
    expect(process.env.SPATIALITE_SECURITY).toBeUndefined();
    db.close();
  });
});

import { describe, expect, it } from 'vitest';
import {
  chosenResetParts,
  isNotAvailable,
  isSettled,
  partsToSend,
  processTaskState,
  processTitle,
  taskKindOf,
  zipSourceOf,
} from './lifecycle-state';

describe('lifecycle parts', () => {
  it('sends the schema with the data, in the listed order', () => {
    expect(partsToSend(['files', 'data'])).toEqual(['schema', 'data', 'files']);
    expect(partsToSend(['code'])).toEqual(['code']);
    expect(partsToSend([])).toEqual([]);
  });

  it('lists the chosen reset parts only', () => {
    expect(chosenResetParts({ data: true, files: false, users: true, logic: false, settings: false })).toEqual([
      'data',
      'users',
    ]);
    expect(chosenResetParts({ data: false, files: false, users: false, logic: false, settings: false })).toEqual([]);
  });
});

describe('lifecycle processes in the tray', () => {
  it('maps a running, a done and a failed process to the tray', () => {
    expect(processTaskState({ kind: 'clone', status: 'IN_PROGRESS', progress: 41.6, stage: 'Copying files' })).toEqual({
      status: 'running',
      done: 42,
      total: 100,
      detail: 'Copying files',
    });
    expect(processTaskState({ kind: 'export', status: 'DONE', progress: 90 })).toMatchObject({
      status: 'done',
      done: 100,
      detail: 'The ZIP is ready to download',
    });
    expect(
      processTaskState({ kind: 'import', status: 'FAILED', progress: 10, error: 'UNSAFE_ARCHIVE: ../x' }),
    ).toMatchObject({ status: 'failed', done: 10, detail: 'UNSAFE_ARCHIVE: ../x' });
    expect(processTaskState({ kind: 'reset', status: 'FAILED', progress: 0 }).detail).toBe('The reset failed');
  });

  it('keeps progress inside 0..100 and settles only when done or failed', () => {
    expect(processTaskState({ kind: 'clone', status: 'IN_PROGRESS', progress: 140 }).done).toBe(100);
    expect(processTaskState({ kind: 'clone', status: 'IN_PROGRESS', progress: -3 }).done).toBe(0);
    expect(isSettled({ status: 'IN_PROGRESS' })).toBe(false);
    expect(isSettled({ status: 'DONE' })).toBe(true);
    expect(isSettled({ status: 'FAILED' })).toBe(true);
  });

  it('names each kind and gives backups and restores one icon', () => {
    expect(processTitle('clone', 'Shop')).toBe('Clone Shop');
    expect(processTitle('import', 'Shop')).toBe('Import a ZIP into Shop');
    expect(taskKindOf('restore')).toBe('backup');
    expect(taskKindOf('reset')).toBe('reset');
  });

  it('tells a route not built yet (501) from other failures', () => {
    expect(isNotAvailable({ status: 501, message: 'not available yet' })).toBe(true);
    expect(isNotAvailable({ status: 500, message: 'boom' })).toBe(false);
    expect(isNotAvailable(undefined)).toBe(false);
  });
});

describe('ZIP source', () => {
  it('asks for what is missing and trims a URL', () => {
    expect(zipSourceOf({ mode: 'file', file: null, url: '' })).toEqual({ problem: 'Choose a ZIP file' });
    expect(zipSourceOf({ mode: 'url', file: null, url: 'ftp://x/a.zip' }).problem).toMatch(/http/);
    expect(zipSourceOf({ mode: 'url', file: null, url: '  https://x.test/a.zip ' })).toEqual({
      source: { url: 'https://x.test/a.zip' },
    });
  });
});

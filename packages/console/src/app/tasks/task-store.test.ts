import { describe, expect, it, vi } from 'vitest';
import { createTaskStore, taskPercent } from './task-store';

describe('task store', () => {
  it('tracks a task from start through progress to success, newest first', () => {
    let clock = 1000;
    const store = createTaskStore(() => clock);
    const seen = vi.fn();
    store.subscribe(seen);
    store.start({ id: 'a', kind: 'import', title: 'Import CSV into Orders', unit: 'rows' });
    store.start({ id: 'b', kind: 'upload', title: 'Upload a.png', unit: 'bytes', total: 400 });
    expect(store.list().map((t) => t.id)).toEqual(['b', 'a']);
    store.progress('a', 500, 2000);
    expect(taskPercent(store.list()[1])).toBe(25);
    clock = 5000;
    store.succeed('a', '2,000 rows written');
    const a = store.list().find((t) => t.id === 'a');
    expect(a).toMatchObject({ status: 'done', done: 2000, detail: '2,000 rows written', finishedAt: 5000 });
    expect(taskPercent(a!)).toBe(100);
    expect(seen).toHaveBeenCalledTimes(4);
  });

  it('keeps the error of a failed task and ignores progress after the end', () => {
    const store = createTaskStore();
    store.start({
      id: 'u',
      kind: 'upload',
      title: 'Upload big.bin',
      unit: 'bytes',
      total: 100,
      cancel: () => undefined,
    });
    store.progress('u', 40);
    store.fail('u', 'The file is larger than the upload limit');
    store.progress('u', 90);
    store.succeed('u');
    expect(store.list()[0]).toMatchObject({
      status: 'failed',
      done: 40,
      detail: 'The file is larger than the upload limit',
      cancel: undefined,
    });
  });

  it('dismisses only finished tasks, and clears every finished one at once', () => {
    const store = createTaskStore();
    store.start({ id: 'run', kind: 'import', title: 'still running', unit: 'rows' });
    store.start({ id: 'ok', kind: 'import', title: 'finished', unit: 'rows' });
    store.start({ id: 'bad', kind: 'upload', title: 'failed', unit: 'bytes' });
    store.succeed('ok');
    store.fail('bad', 'nope');
    store.dismiss('run');
    store.dismiss('ok');
    expect(store.list().map((t) => t.id)).toEqual(['bad', 'run']);
    store.clearFinished();
    expect(store.list().map((t) => t.id)).toEqual(['run']);
  });

  it('restarts a task under the same id (a retried upload) instead of listing it twice', () => {
    const store = createTaskStore();
    store.start({ id: 'u1', kind: 'upload', title: 'Upload a', unit: 'bytes', total: 10 });
    store.fail('u1', 'offline');
    store.start({ id: 'u1', kind: 'upload', title: 'Upload a', unit: 'bytes', total: 10 });
    expect(store.list()).toHaveLength(1);
    expect(store.list()[0]).toMatchObject({ status: 'running', done: 0 });
    expect(store.list()[0].detail).toBeUndefined();
  });

  it('keeps at most twenty finished tasks, dropping the oldest, never a running one', () => {
    let clock = 0;
    const store = createTaskStore(() => ++clock);
    store.start({ id: 'long', kind: 'import', title: 'long', unit: 'rows' });
    for (let i = 0; i < 25; i++) {
      store.start({ id: `t${i}`, kind: 'upload', title: `t${i}`, unit: 'bytes' });
      store.succeed(`t${i}`);
    }
    const ids = store.list().map((t) => t.id);
    expect(ids).toHaveLength(21);
    expect(ids).toContain('long');
    expect(ids).not.toContain('t4');
    expect(ids).toContain('t5');
  });

  it('shows no percentage while the total is unknown', () => {
    const store = createTaskStore();
    store.start({ id: 'x', kind: 'import', title: 'x', unit: 'rows' });
    expect(taskPercent(store.list()[0])).toBeNull();
  });
});

describe('task wording', () => {
  it('names amounts in rows or bytes', async () => {
    const { taskAmount, trayLabel } = await import('./task-format');
    expect(taskAmount({ done: 1200, total: 5000, unit: 'rows' })).toBe('1,200 of 5,000 rows');
    expect(taskAmount({ done: 41.6, total: 100, unit: 'percent' })).toBe('42%');
    expect(taskAmount({ done: 2.5 * 1024 * 1024, total: 6 * 1024 * 1024, unit: 'bytes' })).toBe('2.5 MB of 6.0 MB');
    expect(taskAmount({ done: 300, total: 0, unit: 'bytes' })).toBe('300 B');
    const store = createTaskStore();
    expect(trayLabel(store.list())).toBe('Tasks: none running');
    store.start({ id: 'a', kind: 'import', title: 'a', unit: 'rows' });
    store.start({ id: 'b', kind: 'upload', title: 'b', unit: 'bytes' });
    store.fail('b', 'offline');
    expect(trayLabel(store.list())).toBe('Tasks: 1 running, 1 failed');
  });
});

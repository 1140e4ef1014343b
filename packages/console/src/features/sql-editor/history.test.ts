import { describe, expect, it } from 'vitest';
import { addHistory, readHistory } from './history';

function memory() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('SQL editor history', () => {
  it('keeps the newest first, moves a repeated query up, keeps apps apart and at most 30', () => {
    const s = memory();
    addHistory('a', { query: 'select 1', target: '', at: 1 }, s);
    addHistory('a', { query: 'select 2', target: '', at: 2 }, s);
    addHistory('a', { query: 'select 1', target: '', at: 3 }, s);
    expect(readHistory('a', s).map((e) => [e.query, e.at])).toEqual([
      ['select 1', 3],
      ['select 2', 2],
    ]);
    expect(readHistory('b', s)).toEqual([]);
    for (let i = 0; i < 40; i++) addHistory('a', { query: `q${i}`, target: 'ext', at: i }, s);
    expect(readHistory('a', s)).toHaveLength(30);
  });

  it('reads a damaged entry as empty', () => {
    const s = memory();
    s.setItem('basalt.sql-history.a', '{not json');
    expect(readHistory('a', s)).toEqual([]);
  });
});

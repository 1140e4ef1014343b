import { describe, expect, it } from 'vitest';
import { CC_CATEGORIES, CC_EVENTS, ccAfterOf, ccEvent, ccEventById, ccEventByRef } from './events.js';

describe('cloud-code event catalogue', () => {
  it('holds the runner numbering: 167 events, ids unique, pairs one apart', () => {
    expect(CC_EVENTS).toHaveLength(167);
    expect(new Set(CC_EVENTS.map((e) => e.id)).size).toBe(167);
    expect(ccEventById(100)).toMatchObject({ name: 'beforeCreate', provider: 'data', args: ['item'], targeted: true });
    expect(ccEventById(113)).toMatchObject({ name: 'afterFind', provider: 'data', phase: 'after' });
    expect(ccEventById(202)).toMatchObject({ name: 'beforeRegister', provider: 'user', targeted: false });
    expect(ccEventById(1206)).toMatchObject({ name: 'afterIncrementAndGet', provider: 'counters' });
    expect(ccEventById(800)).toMatchObject({ provider: 'timer', phase: 'execute' });
    expect(ccEventById(900)).toMatchObject({ provider: 'custom', args: ['args'], targeted: true });
    for (const e of CC_EVENTS.filter((x) => x.phase === 'before' && x.id !== 618)) {
      expect(ccAfterOf(e)?.name).toBe(e.name.replace(/^before/, 'after'));
    }
  });

  it('counts events per category as the runner does', () => {
    const count = (c: string) => CC_EVENTS.filter((e) => e.category === c).length;
    expect([
      count('PERSISTENCE'),
      count('USER'),
      count('MESSAGING'),
      count('FILE'),
      count('CACHE'),
      count('ATOMIC_OPERATION'),
      count('GEO'),
      count('TIMER'),
      count('CUSTOM'),
    ]).toEqual([42, 38, 20, 17, 12, 20, 16, 1, 1]);
    expect(CC_CATEGORIES.find((c) => c.id === 'GEO')?.deprecated).toBe(true);
  });

  it('finds events by provider and name, id or reference', () => {
    expect(ccEvent('user', 'beforeUpdate')?.id).toBe(204);
    expect(ccEvent('data', 'beforeUpdate')?.id).toBe(108);
    expect(ccEventByRef('112')?.name).toBe('beforeFind');
    expect(ccEventByRef('persistence:afterCount')?.id).toBe(129);
    expect(ccEventByRef('beforeUpdate')).toBeUndefined(); // data and user both have it
    expect(ccEventByRef('beforeRestorePassword')?.id).toBe(210);
    expect(ccEventByRef('nope')).toBeUndefined();
    expect(ccEventByRef(99999)).toBeUndefined();
  });
});

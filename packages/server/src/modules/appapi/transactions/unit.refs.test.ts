import { describe, expect, it } from 'vitest';
import { readUnit } from './unit.parse.js';
import { idOf, idsOf, resolve, UnresolvedReference, type Results } from './unit.refs.js';

const ref = (opResultId: string, extra: Record<string, unknown> = {}) => ({ ___ref: true, opResultId, ...extra });

describe('unit of work references', () => {
  const results: Results = new Map<string, { operationType: any; result: unknown }>([
    ['createPerson1', { operationType: 'CREATE', result: { objectId: 'p1', name: 'Ann', age: 3 } }],
    ['create_bulkPerson1', { operationType: 'CREATE_BULK', result: ['b1', 'b2'] }],
    [
      'findPerson1',
      {
        operationType: 'FIND',
        result: [
          { objectId: 'f1', name: 'x' },
          { objectId: 'f2', name: 'y' },
        ],
      },
    ],
    ['deletePerson1', { operationType: 'DELETE', result: 1700000000000 }],
  ]);

  it('resolves a property, an item, an item’s property and a whole collection, at any depth of a payload', () => {
    expect(resolve(ref('createPerson1', { propName: 'objectId' }), results)).toBe('p1');
    expect(resolve(ref('createPerson1', { propName: 'age' }), results)).toBe(3);
    expect(resolve(ref('create_bulkPerson1', { resultIndex: 1 }), results)).toBe('b2');
    // `objectId` of an id is the id itself (the SDK may add it to any indexed reference).
    expect(resolve(ref('create_bulkPerson1', { resultIndex: 0, propName: 'objectId' }), results)).toBe('b1');
    expect(resolve(ref('findPerson1', { resultIndex: 1, propName: 'name' }), results)).toBe('y');
    expect(
      resolve(
        { parentObject: ref('createPerson1', { propName: 'objectId' }), list: ['c', ref('findPerson1')] },
        results,
      ),
    ).toEqual({
      parentObject: 'p1',
      list: [
        'c',
        [
          { objectId: 'f1', name: 'x' },
          { objectId: 'f2', name: 'y' },
        ],
      ],
    });
    expect(idsOf(resolve(['c', ref('findPerson1'), ref('create_bulkPerson1')], results))).toEqual([
      'c',
      'f1',
      'f2',
      'b1',
      'b2',
    ]);
    expect(idOf(resolve(ref('findPerson1', { resultIndex: 0 }), results))).toBe('f1');
    const copied = resolve(JSON.parse('{"__proto__": {"polluted": true}, "name": "n"}'), results) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.keys(copied)).toEqual(['__proto__', 'name']);
  });

  it('refuses what leads to no value, naming the reference', () => {
    const fails = (value: unknown, message: RegExp) => expect(() => resolve(value, results)).toThrow(message);
    fails(ref('findPerson1', { resultIndex: 2 }), /no result at index 2 \(it has 2\)/);
    fails(ref('createPerson1', { resultIndex: 0 }), /no list/);
    fails(ref('createPerson1', { propName: 'missing' }), /no property 'missing'/);
    fails(ref('createPerson1', { propName: '__proto__' }), /no property '__proto__'/);
    fails(ref('findPerson1', { resultIndex: 0, propName: 'constructor' }), /no property 'constructor'/);
    fails(ref('deletePerson1', { propName: 'objectId' }), /no property 'objectId'/);
    fails(ref('updatePerson9'), /has no result/);
    expect(() => resolve(ref('createPerson1', { propName: 'missing' }), results)).toThrow(UnresolvedReference);
    expect(() => idOf(resolve(ref('findPerson1'), results))).toThrow(/one record, not 2/);
    expect(() => idsOf(['ok', "x' or '1'='1"])).toThrow(/must be a record id/);
  });

  it('checks every operation before running any: references only to operations sent before', () => {
    const op = (opResultId: string, operationType: string, payload: unknown) => ({
      opResultId,
      operationType,
      table: 'Person',
      payload,
    });
    const self = readUnit({ operations: [op('u1', 'UPDATE', { objectId: ref('u1', { propName: 'objectId' }) })] });
    expect(self.invalid?.operation.opResultId).toBe('u1');
    expect(self.invalid?.message).toMatch(/does not come before/);
    const unknown = readUnit({ operations: [op('c1', 'CREATE', {}), op('d1', 'DELETE', ref('nowhere'))] });
    expect([unknown.invalid?.operation.opResultId, unknown.invalid?.message]).toEqual([
      'd1',
      "The reference names 'nowhere', which is no operation of this unit",
    ]);
    const negative = readUnit({
      operations: [op('f1', 'FIND', {}), op('d1', 'DELETE', ref('f1', { resultIndex: -1 }))],
    });
    expect(negative.invalid?.message).toMatch(/resultIndex/);
    const both = readUnit({ operations: [op('b1', 'DELETE_BULK', { conditional: 'a = 1', unconditional: ['x'] })] });
    expect(both.invalid?.message).toMatch(/either conditional/);
    const fine = readUnit({
      isolationLevelEnum: 'SERIALIZABLE',
      operations: [
        op('c1', 'CREATE', { name: 'a' }),
        op('s1', 'SET_RELATION', {
          parentObject: ref('c1', { propName: 'objectId' }),
          relationColumn: 'friends',
          unconditional: ref('c1'),
        }),
      ],
    });
    expect(fine.invalid).toBeUndefined();
    expect(fine.unit.isolation).toBe('serializable');
    expect(() => readUnit({ operations: [op('a', 'CREATE', {}), op('a', 'CREATE', {})] })).toThrow(
      /Two operations have the opResultId 'a'/,
    );
  });
});

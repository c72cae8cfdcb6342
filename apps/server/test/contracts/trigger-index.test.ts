// Proves the trigger index (contracts/trigger-index.ts): a mark crosses exactly the entries a naive scan
// of every entry would fire (property test over random adds, removes and price paths), and no others.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TriggerBook, type TriggerWhen } from '../../src/contracts/trigger-index.ts';

describe('trigger index', () => {
  it('fires a below entry at or under its price and an above entry at or over it, once', () => {
    const book = new TriggerBook<string>();
    book.set('sl', 90n, 'below', 'sl');
    book.set('tp', 110n, 'above', 'tp');
    expect(book.cross(100n)).toEqual([]);
    expect(book.cross(90n).map((e) => e.key)).toEqual(['sl']);
    expect(book.cross(80n)).toEqual([]);
    expect(book.cross(120n).map((e) => e.key)).toEqual(['tp']);
    expect(book.size).toBe(0);
  });

  it('moves an entry set again under the same key and forgets a removed one', () => {
    const book = new TriggerBook<number>();
    book.set('a', 50n, 'below', 1);
    book.set('a', 70n, 'below', 2);
    book.set('b', 70n, 'below', 3);
    expect(book.remove('b')).toBe(true);
    expect(book.cross(60n).map((e) => [e.key, e.value])).toEqual([['a', 2]]);
  });

  it('crosses correctly after many removals compact the arrays, and after a bulk load', () => {
    const book = new TriggerBook<number>();
    book.load(Array.from({ length: 3000 }, (_, i) => ({ key: String(i), price: BigInt(i), when: 'below' as const, value: i })));
    for (let i = 0; i < 2500; i++) book.remove(String(i));
    book.set('x', 2999n, 'above', -1);
    expect(book.size).toBe(501);
    expect(book.cross(2990n).map((e) => e.key).sort()).toEqual(['2990', '2991', '2992', '2993', '2994', '2995', '2996', '2997', '2998', '2999'].sort());
    expect(book.cross(2999n).map((e) => e.key)).toEqual(['x']);
    expect(book.cross(0n)).toHaveLength(490);
    expect(book.size).toBe(0);
  });

  it.each([
    ['inserted one by one', undefined],
    ['sorted and merged', 0],
  ])('crosses what a naive scan of every entry fires, over random operations and price paths (added entries %s)', (_, insertAtMost) => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 30 }), price: fc.bigInt({ min: 0n, max: 200n }), when: fc.constantFrom<TriggerWhen>('below', 'above') }),
      fc.record({ kind: fc.constant('remove' as const), key: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ kind: fc.constant('cross' as const), mark: fc.bigInt({ min: 0n, max: 200n }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), fc.array(fc.record({ key: fc.integer({ min: 0, max: 30 }), price: fc.bigInt({ min: 0n, max: 200n }), when: fc.constantFrom<TriggerWhen>('below', 'above') }), { maxLength: 40 }), (ops, initial) => {
        const book = new TriggerBook<number>(insertAtMost);
        const naive = new Map<string, { price: bigint; when: TriggerWhen }>();
        book.load(initial.map((e) => ({ key: String(e.key), price: e.price, when: e.when, value: 0 })));
        for (const e of initial) naive.set(String(e.key), { price: e.price, when: e.when });
        for (const o of ops) {
          if (o.kind === 'set') {
            book.set(String(o.key), o.price, o.when, 0);
            naive.set(String(o.key), { price: o.price, when: o.when });
          } else if (o.kind === 'remove') {
            expect(book.remove(String(o.key))).toBe(naive.delete(String(o.key)));
          } else {
            const fired = [...naive].filter(([, e]) => (e.when === 'below' ? o.mark <= e.price : o.mark >= e.price)).map(([k]) => k);
            for (const k of fired) naive.delete(k);
            expect(book.cross(o.mark).map((e) => e.key).sort()).toEqual(fired.sort());
          }
          expect(book.size).toBe(naive.size);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// Proves the book's hash index (orders by id, levels by price) answers as a Map does: random sequences of
// set, delete and get (fast-check) over ids that collide on purpose (few distinct ids, strides of the table
// size, ids past 2^32 and near 2^53), compared with a Map after every step, through growth and backward-shift
// deletions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HashIndex } from '../../src/spot/engine/hash-index.ts';

/** Ids that land on the same slots: small ones, multiples of the initial table size, and large ones. */
const id = fc.oneof(
  fc.integer({ min: 1, max: 40 }),
  fc.integer({ min: 1, max: 64 }).map((n) => n * 1024),
  fc.integer({ min: 1, max: 20 }).map((n) => 2 ** 32 * n + 7),
  fc.integer({ min: 1, max: 20 }).map((n) => Number.MAX_SAFE_INTEGER - n),
  fc.integer({ min: 1, max: 5_000 }),
);
type Step = { kind: 'set' | 'delete' | 'get'; id: number };
// size 'max': long sequences, so the table fills to its growth point and ids share home slots.
const steps = fc.array(fc.record({ kind: fc.constantFrom<Step['kind']>('set', 'set', 'delete', 'get'), id }), { maxLength: 3_000, size: 'max' });

describe('hash index', () => {
  it('answers get, has, delete, size and its values as a Map does', () => {
    fc.assert(
      fc.property(steps, (sequence) => {
        const index = new HashIndex<{ id: number; n: number }>();
        const map = new Map<number, { id: number; n: number }>();
        // Plain comparisons (an expect per step and entry would take seconds); the first difference throws.
        const same = (what: string, actual: unknown, expected: unknown) => {
          if (actual !== expected) throw new Error(`${what}: ${String(actual)}, a Map says ${String(expected)}`);
        };
        sequence.forEach((step, n) => {
          if (step.kind === 'set') {
            const value = { id: step.id, n };
            index.set(step.id, value);
            map.set(step.id, value);
          } else if (step.kind === 'delete') {
            same(`delete(${step.id})`, index.delete(step.id), map.delete(step.id));
            // A delete shifts later entries back: every one must still be found from its home slot.
            for (const [key, value] of map) same(`get(${key}) after delete(${step.id})`, index.get(key), value);
          }
          same(`get(${step.id})`, index.get(step.id), map.get(step.id));
          same(`has(${step.id})`, index.has(step.id), map.has(step.id));
          same('size', index.size, map.size);
        });
        expect([...index].sort((a, b) => a.n - b.n)).toEqual([...map.values()].sort((a, b) => a.n - b.n));
      }),
      { numRuns: 10 },
    );
  });

  it('finds nothing for ids it cannot hold, and refuses to store them', () => {
    const index = new HashIndex<string>();
    index.set(1, 'one');
    for (const missing of [0, -0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(index.get(missing)).toBeUndefined();
      expect(index.delete(missing)).toBe(false);
    }
    expect(() => index.set(0, 'zero')).toThrow(RangeError);
    expect(() => index.set(Number.NaN, 'nan')).toThrow(RangeError);
    expect(index.size).toBe(1);
  });
});

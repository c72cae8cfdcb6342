/** The lease plan (cluster/assignment.ts): its worked examples, and that any membership gets an even, total plan. */
import { describe, expect, it } from 'vitest';
import { assignLeases, CORE_LEASE } from '../../src/cluster/assignment.ts';

const leases = (holders: Record<string, number | null>) => Object.entries(holders).map(([name, memberId]) => ({ name, memberId }));
const planOf = (members: number[], holders: Record<string, number | null>) => Object.fromEntries(assignLeases(members, leases(holders)));

describe('assignLeases', () => {
  it('gives everything to a lone member', () => {
    expect(planOf([1], { core: null, a: null, b: null, c: null, d: null })).toEqual({ core: 1, a: 1, b: 1, c: 1, d: 1 });
  });

  it('moves half the books to a member that joins, and keeps the core where it is', () => {
    expect(planOf([1, 2], { core: 1, a: 1, b: 1, c: 1, d: 1 })).toEqual({ core: 1, a: 1, b: 1, c: 2, d: 2 });
  });

  it('gives a third member its share from the core holder first (the others keep theirs)', () => {
    expect(planOf([1, 2, 3], { core: 1, a: 1, b: 1, c: 2, d: 2 })).toEqual({ core: 1, a: 1, b: 3, c: 2, d: 2 });
  });

  it("spreads a dead member's leases over the living, the core to the oldest", () => {
    expect(planOf([2, 3], { core: 1, a: 1, b: 3, c: 2, d: 2 })).toEqual({ core: 2, a: 3, b: 3, c: 2, d: 2 });
  });

  it('moves nothing once the split is even', () => {
    expect(planOf([1, 2, 3], { core: 1, a: 1, b: 3, c: 2, d: 2 })).toEqual({ core: 1, a: 1, b: 3, c: 2, d: 2 });
  });

  it('never gives a lease to a member that is not alive, and no one more than its share', () => {
    for (let members = 1; members <= 5; members++) {
      for (let books = 0; books <= 9; books++) {
        const ids = Array.from({ length: members }, (_, i) => 10 + i);
        // Holders from a membership that changed: some dead (1, 2), some alive.
        const holders = Object.fromEntries([[CORE_LEASE, 1], ...Array.from({ length: books }, (_, i) => [`spot:${i}`, i % 3 === 0 ? 1 : ids[i % members]!])]);
        const plan = assignLeases(ids, leases(holders));
        expect(plan.size).toBe(books + 1);
        const counts = new Map<number, number>();
        for (const [name, id] of plan) {
          expect(ids).toContain(id);
          if (name !== CORE_LEASE) counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        for (const id of ids) expect(counts.get(id) ?? 0).toBeGreaterThanOrEqual(Math.floor(books / members));
        for (const n of counts.values()) expect(n).toBeLessThanOrEqual(Math.ceil(books / members));
      }
    }
  });

  it('plans nothing without a live member', () => {
    expect(assignLeases([], leases({ core: 1 })).size).toBe(0);
  });
});

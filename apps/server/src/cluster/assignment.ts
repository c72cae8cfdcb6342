/**
 * Who should hold each lease, from the live members and the current holders. Every member computes it
 * from the same rows, so they agree without talking; a member takes only a lease this plan gives it that
 * is free or held by a dead member, and hands over only a lease the plan gives another live member.
 *
 * Rules:
 * - 'core' (the price feed, contract triggers, jobs) stays with its holder while it lives; a free or
 *   orphaned core goes to the oldest live member (lowest id). Moving it restarts the feed, so nothing
 *   else moves it.
 * - Spot leases are spread evenly: each live member holds floor(S / M) of the S spot leases, and S mod M
 *   of them one more: those already holding the most (so the fewest move), the core's holder last (it
 *   has the feed and the triggers to run), then the lowest ids. A live holder keeps its leases up to its
 *   quota (in name order); every other lease goes to the member furthest below its quota (ties: the
 *   lowest id).
 *
 * Worked examples (members by id, spot leases a..d):
 * - one member 1, leases free: 1 takes core, a, b, c, d.
 * - member 2 joins (1 holds all): quotas 2 and 2; 1 keeps a, b and hands over c, d to 2. Core stays on 1.
 * - member 3 joins (1: core, a, b; 2: c, d): quotas 1 each and one more for 2 (holds the most, not the
 *   core); 1 keeps a and hands b over to 3.
 * - 1 dies (1: core, a; 2: c, d; 3: b): core goes to 2 (the oldest live member); quotas 2 and 2; 2 keeps
 *   c, d and 3 keeps b; a goes to 3.
 */
export type LeaseHolder = { name: string; memberId: number | null };

export const CORE_LEASE = 'core';
export const spotLease = (symbolId: number) => `spot:${symbolId}`;
export const symbolOfLease = (name: string) => (name.startsWith('spot:') ? Number(name.slice('spot:'.length)) : undefined);

export function assignLeases(memberIds: readonly number[], leases: readonly LeaseHolder[]): Map<string, number> {
  const plan = new Map<string, number>();
  const members = [...memberIds].sort((a, b) => a - b);
  if (members.length === 0) return plan;
  const alive = new Set(members);
  const core = leases.find((l) => l.name === CORE_LEASE);
  const coreHolder = core?.memberId != null && alive.has(core.memberId) ? core.memberId : members[0]!;
  plan.set(CORE_LEASE, coreHolder);

  const spot = leases.filter((l) => l.name !== CORE_LEASE).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const held = new Map(members.map((id) => [id, spot.filter((l) => l.memberId === id).length]));
  const byClaim = [...members].sort((a, b) => Number(a === coreHolder) - Number(b === coreHolder) || held.get(b)! - held.get(a)! || a - b);
  const base = Math.floor(spot.length / members.length);
  const quota = new Map(byClaim.map((id, rank) => [id, base + (rank < spot.length % members.length ? 1 : 0)]));
  const counts = new Map(members.map((id) => [id, 0]));
  const unplaced: string[] = [];
  for (const lease of spot) {
    const holder = lease.memberId;
    if (holder != null && alive.has(holder) && counts.get(holder)! < quota.get(holder)!) {
      plan.set(lease.name, holder);
      counts.set(holder, counts.get(holder)! + 1);
    } else unplaced.push(lease.name);
  }
  const room = (id: number) => quota.get(id)! - counts.get(id)!;
  for (const name of unplaced) {
    let best = members[0]!;
    for (const id of members) if (room(id) > room(best)) best = id;
    plan.set(name, best);
    counts.set(best, counts.get(best)! + 1);
  }
  return plan;
}

/**
 * Who should hold each lease, from the live members and the current holders. Every member computes it
 * from the same rows, so they agree without talking; a member takes only a lease this plan gives it that
 * is free or held by a dead member, and hands over only a lease the plan gives another live member.
 *
 * Rules:
 * - 'core' (the price feed, contract triggers, jobs) stays with its holder while it lives; a free or
 *   orphaned core goes to the oldest live member (lowest id). Moving it restarts the feed, so nothing
 *   else moves it.
 * - Spot leases are spread evenly: each live member holds at most ceil(spot leases / members). A live
 *   holder keeps its leases up to that share (in name order), so a join or a death moves only what must
 *   move; every other lease goes to the live member holding the fewest (ties: the lowest id).
 *
 * Worked examples (members by id, spot leases a..d):
 * - one member 1, leases free: 1 takes core, a, b, c, d.
 * - member 2 joins (1 holds all): share 2; 1 keeps a, b and hands over c, d; 2 takes them. Core stays on 1.
 * - member 3 joins (1: a, b; 2: c, d): share 2; nothing moves.
 * - 1 dies (1: core, a, b; 2: c; 3: d): core goes to 2 (the oldest live member); share 2; 2 keeps c and 3
 *   keeps d; a goes to the fewest, lowest id first (2), then b to the fewest (3).
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
  plan.set(CORE_LEASE, core?.memberId != null && alive.has(core.memberId) ? core.memberId : members[0]!);

  const spot = leases.filter((l) => l.name !== CORE_LEASE).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const share = Math.ceil(spot.length / members.length);
  const counts = new Map(members.map((id) => [id, 0]));
  const unplaced: string[] = [];
  for (const lease of spot) {
    const holder = lease.memberId;
    if (holder != null && alive.has(holder) && counts.get(holder)! < share) {
      plan.set(lease.name, holder);
      counts.set(holder, counts.get(holder)! + 1);
    } else unplaced.push(lease.name);
  }
  for (const name of unplaced) {
    let fewest = members[0]!;
    for (const id of members) if (counts.get(id)! < counts.get(fewest)!) fewest = id;
    plan.set(name, fewest);
    counts.set(fewest, counts.get(fewest)! + 1);
  }
  return plan;
}

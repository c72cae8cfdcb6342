/**
 * This process's part in the cluster: every CLUSTER_TICK_MS it reads the live members and the leases,
 * works out who should hold what (assignment.ts), hands over what it should no longer hold (after its
 * work drained) and takes what it should hold that is free or orphaned. What holding a lease means is the
 * app's (app.ts wires the handlers: a spot symbol's writer, the core's feed, triggers and jobs).
 *
 * `soloCluster` is the one-process case (the embedded database, tests): it holds everything, for ever.
 */
import { assignLeases, CORE_LEASE } from './assignment.ts';
import type { Member, Membership } from './membership.ts';

/** How often a member looks at the leases: a dead holder's leases are taken within about this long. */
export const CLUSTER_TICK_MS = 500;

export type LeaseHandlers = {
  /** The names of every lease there should be (core and one per spot symbol). */
  names(): string[];
  /** This process now holds `name` at `epoch`: start its work (rebuild from the database). */
  adopt(name: string, epoch: number): Promise<void>;
  /** Stop the work of `name` and wait until what it was doing is committed (a graceful hand-over). */
  release(name: string): Promise<void>;
  /** `name` is no longer this process's (another took it): drop its work at once. */
  lost(name: string): void;
  onError(error: unknown): void;
};

/** What the app asks of the cluster. */
export interface ClusterRole {
  readonly memberId: number | undefined;
  /** Whether this process holds the lease now (its work adopted). */
  holds(name: string): boolean;
  /** The live member holding `name` when it is another process; undefined when no one does now or it is this one. */
  peerHolding(name: string): Member | undefined;
  /** The token a peer presents when it forwards a request here. */
  readonly token: string | undefined;
  /** Reads the leases again now (a forward that found its peer gone). */
  refresh(): Promise<void>;
  /** Live members and the leases each holds (metrics, readiness). */
  view(): { members: number; held: string[]; holders: Map<string, number | null> };
}

export const soloCluster: ClusterRole = {
  memberId: undefined,
  holds: () => true,
  peerHolding: () => undefined,
  token: undefined,
  refresh: async () => {},
  view: () => ({ members: 1, held: [CORE_LEASE], holders: new Map() }),
};

export class Cluster implements ClusterRole {
  private members: Member[] = [];
  private holders = new Map<string, number | null>();
  /** Leases whose work is adopted here, with their epochs. */
  private readonly held = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private handlers: LeaseHandlers | undefined;

  constructor(private readonly membership: Membership) {}

  get memberId() {
    return this.membership.id;
  }

  get token() {
    return this.membership.token;
  }

  holds(name: string) {
    return this.held.has(name);
  }

  epochOf(name: string) {
    return this.held.get(name);
  }

  peerHolding(name: string): Member | undefined {
    const holder = this.holders.get(name);
    if (holder == null || holder === this.membership.id) return undefined;
    return this.members.find((m) => m.id === holder);
  }

  view() {
    return { members: this.members.length, held: [...this.held.keys()], holders: new Map(this.holders) };
  }

  /** Starts looking after the leases with these handlers; the first round is done when this resolves. */
  async start(handlers: LeaseHandlers) {
    this.handlers = handlers;
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), CLUSTER_TICK_MS);
    this.timer.unref();
  }

  /** One round (queued behind the one under way). */
  refresh(): Promise<void> {
    this.running = this.running.then(() => this.round()).catch((error) => this.handlers?.onError(error));
    return this.running;
  }

  private async round() {
    const handlers = this.handlers;
    if (!handlers) return;
    this.members = await this.membership.live();
    const leases = await this.membership.leases(handlers.names());
    this.holders = new Map(leases.map((l) => [l.name, l.memberId]));
    // Stopping: the holders are still read (requests arriving meanwhile are forwarded to the new ones),
    // but nothing is taken or handed over here any more (stop does that).
    if (this.stopped) return;
    const me = this.membership.id;
    // Taken over by someone else (this process was thought dead): its work stops at once; the fence keeps
    // anything already under way from committing.
    for (const lease of leases) {
      if (this.held.has(lease.name) && (lease.memberId !== me || lease.epoch !== this.held.get(lease.name))) {
        this.held.delete(lease.name);
        handlers.lost(lease.name);
      }
    }
    const alive = new Set(this.members.map((m) => m.id));
    const plan = assignLeases(
      this.members.map((m) => m.id),
      leases.map((l) => ({ name: l.name, memberId: l.memberId })),
    );
    for (const lease of leases) {
      const meant = plan.get(lease.name);
      if (lease.memberId === me && meant !== me && meant !== undefined) {
        await this.handOver(lease.name);
      } else if (meant === me && lease.memberId !== me && (lease.memberId === null || !alive.has(lease.memberId))) {
        const epoch = await this.membership.take(lease.name);
        if (epoch === undefined) continue;
        this.holders.set(lease.name, me);
        try {
          await handlers.adopt(lease.name, epoch);
          this.held.set(lease.name, epoch);
        } catch (error) {
          // Could not start it (its book unreadable): free it for another member.
          handlers.onError(error);
          await this.membership.release(lease.name);
          this.holders.set(lease.name, null);
        }
      } else if (lease.memberId === me && !this.held.has(lease.name)) {
        // Left from an adopt that failed half-way: give it back.
        await this.membership.release(lease.name);
      }
    }
  }

  private async handOver(name: string) {
    if (this.held.has(name)) {
      this.held.delete(name);
      await this.handlers!.release(name);
    }
    await this.membership.release(name);
    this.holders.set(name, null);
  }

  /**
   * A graceful stop: no new leases; each held one is drained and released (the core last, so the feed
   * runs while the symbols move); then the membership ends.
   */
  async stop() {
    this.stopped = true;
    await this.running;
    const names = [...this.held.keys()].sort((a, b) => (a === CORE_LEASE ? 1 : b === CORE_LEASE ? -1 : 0));
    for (const name of names) {
      try {
        await this.handOver(name);
      } catch (error) {
        this.handlers?.onError(error);
      }
    }
    clearInterval(this.timer);
    await this.running;
    await this.membership.leave();
  }
}

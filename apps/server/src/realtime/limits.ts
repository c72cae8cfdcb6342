/**
 * Realtime anti-abuse (issue 9): events per socket and second, and sockets per client address.
 *
 * Events: a socket may send `perSecond` events in each second of the clock; beyond it they are dropped
 * (and the client told once per second with `rate_limited`). A socket over its limit in
 * SOCKET_OVER_LIMIT_SECONDS_MAX seconds in a row is disconnected.
 */

/** Seconds in a row over the event limit after which a socket is disconnected. */
export const SOCKET_OVER_LIMIT_SECONDS_MAX = 5;

/** A socket's events in the current second, and how many seconds in a row before it went over the limit. */
export type EventWindow = { second: number; count: number; overSeconds: number };
export type EventVerdict = 'ok' | 'dropped' | 'disconnect';

/** Counts one event at `now` (ms): served, dropped, or the last straw of sustained abuse. */
export function countEvent(window: EventWindow | undefined, now: number, perSecond: number): { verdict: EventVerdict; window: EventWindow } {
  const second = Math.floor(now / 1000);
  let next: EventWindow;
  if (window?.second === second) next = { ...window, count: window.count + 1 };
  else if (window?.second === second - 1) next = { second, count: 1, overSeconds: window.count > perSecond ? window.overSeconds + 1 : 0 };
  else next = { second, count: 1, overSeconds: 0 };
  if (next.count <= perSecond) return { verdict: 'ok', window: next };
  return { verdict: next.overSeconds + 1 >= SOCKET_OVER_LIMIT_SECONDS_MAX ? 'disconnect' : 'dropped', window: next };
}

/** Open sockets per client address, for a cap on new ones. */
export class AddressCounter {
  private readonly counts = new Map<string, number>();

  count(address: string) {
    return this.counts.get(address) ?? 0;
  }

  add(address: string) {
    this.counts.set(address, this.count(address) + 1);
  }

  remove(address: string) {
    const left = this.count(address) - 1;
    if (left > 0) this.counts.set(address, left);
    else this.counts.delete(address);
  }
}

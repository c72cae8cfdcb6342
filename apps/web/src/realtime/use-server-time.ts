import { useSyncExternalStore } from 'react';
import { onRealtime } from './socket.ts';

/** The server's clock, from its `server-time` event ({ now: ISO string }) sent every second. */
type ServerTime = { now: Date; offsetMs: number } | null;

let latest: ServerTime = null;
const listeners = new Set<() => void>();
let attached = false;

function attach() {
  if (attached) return;
  attached = true;
  onRealtime('server-time', (payload: { now?: string }) => {
    const now = new Date(payload?.now ?? '');
    if (Number.isNaN(now.getTime())) return;
    latest = { now, offsetMs: now.getTime() - Date.now() };
    listeners.forEach((listener) => listener());
  });
}

function subscribe(listener: () => void) {
  attach();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last server time received (null before the first tick) and its offset from this device's clock. */
export function useServerTime(): ServerTime {
  return useSyncExternalStore(subscribe, () => latest, () => latest);
}

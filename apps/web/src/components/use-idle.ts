import { useEffect, useState } from 'react';

/** The longest a screen waits for an idle moment (a busy phone may have none for a while). */
export const IDLE_WAIT_MAX_MS = 2_000;

/**
 * False until the browser is first idle after the screen mounted (requestIdleCallback, at most
 * IDLE_WAIT_MAX_MS later), then true: what a screen shows below the fold, and the calls it needs, wait
 * for it, so they do not compete with the first screen.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: IDLE_WAIT_MAX_MS });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

import { relativeTime } from '@fairex/contract/relative-time';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** How often shown times move on: their finest step is a minute ("5 minutes ago"), so half of one. */
const RELATIVE_TIME_TICK_MS = 30_000;

// One clock for every list on screen: a single timer runs while any list shows a time, none otherwise.
// Each beat renders the lists again; the times themselves are read from Date.now() when shown.
let beats = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    beats += 1;
    for (const notify of listeners) notify();
  }, RELATIVE_TIME_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Renders the component again at each beat of the shared clock. */
const useClockBeat = () => useSyncExternalStore(subscribe, () => beats);

/**
 * The one time format of every list in the app. A time as spec section 9 shows it, in the reader's language: "just now" under 5 minutes, then minutes,
 * hours, days up to 30 days, then the date (the contract's relativeTime rule, with its worked examples). The
 * times move forward while the list stays open: every list follows one shared clock (a single timer).
 *
 * Which times use it (the rule every screen follows, as the big exchanges do): a list row's time of something that
 * HAPPENED (created, traded, paid, sent, a message, a record, a bid, a sale) is relative. Absolute times (useFormatTime
 * in components/funds/funds.tsx) are kept for what is SCHEDULED or still to come (IEO start/end, maturities,
 * settlement, unlock, due and expiry dates, "claim by", auction end, countdowns) and on detail screens where
 * the exact moment is evidence (an OTC order's paid/released times, an option's open and close ticks, a settlement
 * tick): a "3 hours ago" cannot settle a dispute.
 */
export function useRelativeTime() {
  const { t } = useTranslation();
  useClockBeat();
  /** `at`: epoch ms or a server ISO time. */
  return (at: number | string, now = Date.now()): string => {
    const shown = relativeTime(typeof at === 'string' ? Date.parse(at) : at, now);
    switch (shown.unit) {
      case 'just_now':
        return t('notice.time.justNow');
      case 'minutes':
        return t('notice.time.minutes', { count: shown.value });
      case 'hours':
        return t('notice.time.hours', { count: shown.value });
      case 'days':
        return t('notice.time.days', { count: shown.value });
      case 'date':
        return shown.value;
    }
  };
}

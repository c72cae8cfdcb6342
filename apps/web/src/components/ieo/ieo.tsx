import type { IeoState } from '@fairex/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../funds/funds.tsx';
import { ProgressBar as WealthProgressBar } from '../wealth/progress-bar.tsx';
import './ieo.css';

/** What the IEO screens share: the state badge, the progress bar, the countdown and time formatting. */

export function StateBadge({ state }: { state: IeoState }) {
  const { t } = useTranslation();
  return <span className={`ieo-badge ieo-badge--${state}`}>{t(`ieo.state.${state}`)}</span>;
}

/** Applied / issuance, capped at 100 % (the server's figure): oversubscription shows a full bar. */
export function ProgressBar({ percent }: { percent: string }) {
  const { t } = useTranslation();
  return <WealthProgressBar percent={percent} label={t('ieo.progress')} valueText={t('ieo.progressValue', { percent })} />;
}

const SECOND_MS = 1_000;
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Re-renders every second while mounted. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The time left to the start (warm-up) or the end (in progress), in days and hh:mm:ss. The state comes
 * from the server; when the countdown runs out `onDone` asks it again, so the screen follows its clock.
 */
export function Countdown({ state, startAt, endAt, onDone }: { state: IeoState; startAt: number; endAt: number; onDone?: () => void }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const now = useNow();
  const target = state === 'warmup' ? startAt : endAt;
  const left = Math.max(0, target - now);
  // Told once per target: the start, then (the state having moved on) the end.
  const toldFor = useRef<number>(undefined);
  useEffect(() => {
    if (state === 'ended' || left > 0 || toldFor.current === target) return;
    toldFor.current = target;
    onDone?.();
  }, [state, left, target, onDone]);
  if (state === 'ended') return <span className="ieo-countdown">{t('ieo.endedAt', { time: formatTime(endAt) })}</span>;
  const seconds = Math.floor((left % DAY_MS) / SECOND_MS);
  const clock = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  const days = Math.floor(left / DAY_MS);
  const time = days > 0 ? t('ieo.daysAndTime', { days, time: clock }) : clock;
  return (
    <span className="ieo-countdown" role="timer">
      {t(state === 'warmup' ? 'ieo.startsIn' : 'ieo.endsIn', { time })}
    </span>
  );
}

import type { TraderDetail } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { amountText } from './trader.tsx';

/** The drawing's own units; the SVG scales to the card's width. */
const WIDTH = 300;
const HEIGHT = 120;
const PAD = 6;

/**
 * The trader's cumulative net P&L by day (the series of GET /follow/traderDetail, the last 30 days up to
 * today) as a small line over a zero line: no chart library for one line. The figure's name says what it
 * shows in words (first and last day, and the running total at each end), for readers who cannot see it.
 */
export function ReturnsChart({ series }: { series: TraderDetail['series'] }) {
  const { t } = useTranslation();
  if (series.length === 0) return <p className="empty">{t('copy.chart.empty')}</p>;
  const values = series.map((point) => Number(point.cumulative));
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const x = (index: number) => PAD + (series.length === 1 ? (WIDTH - 2 * PAD) / 2 : (index * (WIDTH - 2 * PAD)) / (series.length - 1));
  const y = (value: number) => PAD + ((high - value) * (HEIGHT - 2 * PAD)) / span;
  const points = values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  const first = series[0]!;
  const last = series.at(-1)!;
  const label = t('copy.chart.label', { from: first.day, to: last.day, start: amountText(first.cumulative), end: amountText(last.cumulative) });
  return (
    <figure className="copy-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
        <line className="copy-chart__zero" x1={PAD} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} />
        <polyline className={`copy-chart__line ${Number(last.cumulative) < 0 ? 'copy-chart__line--down' : ''}`} points={points} />
      </svg>
      <figcaption className="copy-chart__axis">
        <span>{first.day}</span>
        <span className="copy-chart__last">{amountText(last.cumulative)}</span>
        <span>{last.day}</span>
      </figcaption>
    </figure>
  );
}

import './wealth.css';

/** How much of a product is taken, as the server's percentage; the bar stops at full (oversubscription). */
export function ProgressBar({ percent, label, valueText }: { percent: string; label: string; valueText: string }) {
  const value = Math.min(100, Number(percent));
  return (
    <div className="wealth-progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-valuetext={valueText}>
      <div className="wealth-progress__bar" style={{ width: `${value}%` }} />
    </div>
  );
}

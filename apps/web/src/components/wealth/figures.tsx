import type { ReactNode } from 'react';
import './wealth.css';

/** One figure: its label and its value. A `false` or `null` row (a figure the item does not have yet) is left out. */
export type FigureRow = readonly [label: string, value: ReactNode];

/**
 * A wealth product's or order's figures as label and value pairs: two to a row, label over value, unless
 * the screen's `className` lays them out otherwise.
 */
export function Figures({ rows, label, className = 'wealth-figures' }: { rows: readonly (FigureRow | false | null)[]; label?: string; className?: string }) {
  return (
    <dl className={className} aria-label={label}>
      {rows.map(
        (row) =>
          row && (
            <div key={row[0]}>
              <dt>{row[0]}</dt>
              <dd>{row[1]}</dd>
            </div>
          ),
      )}
    </dl>
  );
}

import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

/** A group of rows on a card, as on the settings screens. */
export function CellGroup({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section className="cell-group" aria-label={label}>
      {children}
    </section>
  );
}

/** One row: a button when it does something, otherwise plain text. Its label and value form its accessible name. */
export function Cell({
  label,
  value,
  icon,
  onClick,
  arrow = onClick !== undefined,
}: {
  label: ReactNode;
  value?: ReactNode;
  icon?: IconName;
  onClick?: () => void;
  arrow?: boolean;
}) {
  const content = (
    <>
      {icon && (
        <span className="cell__icon">
          <Icon name={icon} size={20} />
        </span>
      )}
      <span className="cell__label">{label}</span>
      {value !== undefined && <span className="cell__value">{value}</span>}
      {arrow && <Icon name="chevronRight" size={16} className="cell__arrow" />}
    </>
  );
  return onClick ? (
    <button type="button" className="cell cell--button" onClick={onClick}>
      {content}
    </button>
  ) : (
    <div className="cell">{content}</div>
  );
}

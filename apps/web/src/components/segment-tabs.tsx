import './segment-tabs.css';

/**
 * A row of choices: tabs (role tab) for what is shown (market categories, order lists, chart periods),
 * or toggle buttons (aria-pressed) for form choices such as buy/sell and limit/market.
 */
export function SegmentTabs<T extends string>({
  label,
  options,
  value,
  onChange,
  variant = 'line',
  kind = 'tabs',
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  variant?: 'line' | 'pill' | 'buy-sell';
  kind?: 'tabs' | 'toggles';
}) {
  const tabs = kind === 'tabs';
  return (
    <div role={tabs ? 'tablist' : 'group'} aria-label={label} className={`segment-tabs segment-tabs--${variant}`}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role={tabs ? 'tab' : undefined}
          aria-selected={tabs ? option.value === value : undefined}
          aria-pressed={tabs ? undefined : option.value === value}
          className={`segment-tabs__tab segment-tabs__tab--${option.value}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

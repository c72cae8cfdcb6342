import { Icon } from './icon.tsx';

type SearchFieldProps = {
  value: string;
  onChange: (text: string) => void;
  /** Its accessible name; the placeholder says it when not given. */
  label?: string;
  placeholder: string;
  className?: string;
  autoFocus?: boolean;
};

/** The app's search box: a magnifier and a field that filters as the user types. */
export function SearchField({ value, onChange, label, placeholder, className, autoFocus }: SearchFieldProps) {
  return (
    <label className={className ? `search-box ${className}` : 'search-box'}>
      <Icon name="search" size={18} />
      <input
        className="search-box__input"
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label ?? placeholder}
        autoFocus={autoFocus}
      />
    </label>
  );
}

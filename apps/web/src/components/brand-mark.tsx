/** The default logo, used until the site configuration names one. */
export function BrandMark({ size = 32 }: { size?: number | string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="brand-mark">
      <rect width="64" height="64" rx="16" fill="var(--brand-mark-background)" />
      <path d="M21 47V17h24v6.5H28.5v6H43V36H28.5v11z" fill="var(--color-base)" />
    </svg>
  );
}

/** The product's own name, shown when the site configuration has none. */
export const DEFAULT_SITE_NAME = 'FairEx';

import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../notify.ts';
import './proof-card.css';

/**
 * A titled card of the pages where figures can be checked (transparency, proof of liabilities); the title
 * names the region for assistive technology and tests. Beside it, the hint, figure and copy styles both use.
 */
export function ProofCard({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card proof-card" aria-labelledby={id}>
      <h2 className="section-title" id={id}>
        {title}
      </h2>
      {hint && <p className="proof-hint">{hint}</p>}
      {children}
    </section>
  );
}

/** Copies a hash whole, however it is shown. */
export function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="proof-copy" onClick={() => void copyText(value, t('transparency.copied'), t('transparency.copyFailed'))}>
      {t('transparency.copy')}
    </button>
  );
}

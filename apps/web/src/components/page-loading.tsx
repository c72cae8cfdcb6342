import { PAGE_LOADING_DELAY_MS } from '@fairex/contract/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec section 2: the loading view appears only when a page takes longer than 200 ms to arrive. */
export function PageLoading({ delayMs = PAGE_LOADING_DELAY_MS }: { delayMs?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="page-state" role="status" aria-live="polite">
      {/* A CSS spinner: antd-mobile's SpinLoading brings an animation library onto the first screen's path. */}
      <span className="page-state__spinner" aria-hidden="true" />
      <p className="page-state__text">{t('app.loading')}</p>
    </div>
  );
}

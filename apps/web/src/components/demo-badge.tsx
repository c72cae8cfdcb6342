import { useTranslation } from 'react-i18next';
import './demo-badge.css';

/**
 * The Demo badge on a row a development start seeded (the answer's `demo` is true): mining, dual and loan
 * products, coupons, the NFT catalogue and copy traders. Production rows are never demo, so nothing shows
 * there (fairness review, section 8).
 */
export function DemoBadge({ demo }: { demo: boolean | undefined }) {
  const { t } = useTranslation();
  if (!demo) return null;
  return <span className="demo-badge">{t('demo.badge')}</span>;
}

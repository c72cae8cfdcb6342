import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../api/config.ts';
import './simulated-prices-banner.css';

/**
 * "Simulated prices" on every screen while the server's price feed is the simulation (GET /getSiteConfig
 * simulated_prices): a user must know that the prices options, contracts and loans settle on are not a
 * market's (fairness review 3). Nothing while the answer is loading or the feed is public.
 */
export function SimulatedPricesBanner() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  if (site.data?.simulated_prices !== true) return null;
  return (
    <p className="simulated-prices-banner" role="note">
      {t('feed.simulatedBanner')}
    </p>
  );
}

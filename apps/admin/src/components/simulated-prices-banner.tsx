import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { adminApi } from '../api.ts';
import { useI18n } from '../i18n.tsx';

/**
 * "Simulated prices" above every back-office screen (the login too) while the server's price feed is the
 * simulation (GET /api/getSiteConfig simulated_prices): an operator must never take them for a market's
 * (fairness review 3: only a hover tooltip said so). In the page flow, above the layout.
 */
export function SimulatedPricesBanner() {
  const { t } = useI18n();
  const [simulated, setSimulated] = useState(false);
  useEffect(() => {
    let live = true;
    adminApi.siteConfig().then(
      (site) => live && setSimulated(site.simulated_prices === true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!simulated) return null;
  return <Alert banner type="warning" role="note" title={t('feed.simulatedBanner')} />;
}

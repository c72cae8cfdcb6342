import { Button } from './antd-startup.ts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { Icon } from './components/icon.tsx';
import { NavBar } from './components/nav-bar.tsx';
import { PageBoundary } from './components/page-boundary.tsx';
import { PageLoading } from './components/page-loading.tsx';
import { SimulatedPricesBanner } from './components/simulated-prices-banner.tsx';
import { HOME_PATH } from './navigation.ts';

/**
 * The phone-width column every page renders in; pages load on demand behind the delayed loading view.
 * The simulated-prices banner sits above every page, in the flow.
 */
export function Root() {
  return (
    <div className="app">
      <SimulatedPricesBanner />
      <PageBoundary>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </PageBoundary>
      <ScrollRestoration />
    </div>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page">
      <NavBar />
      <div className="page-state">
        <span className="page-state__icon">
          <Icon name="search" size={40} />
        </span>
        <h2 className="page-state__title">{t('app.notFound')}</h2>
        <Button color="primary" shape="rounded" onClick={() => navigate(HOME_PATH, { replace: true })}>
          {t('app.goHome')}
        </Button>
      </div>
    </div>
  );
}

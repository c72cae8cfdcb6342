import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { NavBar } from './components/nav-bar.tsx';
import { NotFound as NotFoundState } from './components/not-found.tsx';
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
  return (
    <div className="page">
      <NavBar />
      <NotFoundState backTo={HOME_PATH} backLabel={t('app.goHome')} />
    </div>
  );
}

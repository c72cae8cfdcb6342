import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageBoundary } from './page-boundary.tsx';
import { PageLoading } from './page-loading.tsx';
import { TabBar } from './tab-bar.tsx';

/** The tab pages share one tab bar that stays mounted while their bodies load on demand. */
export function TabLayout() {
  return (
    <div className="tab-layout">
      <main className="tab-layout__body">
        <PageBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageBoundary>
      </main>
      <TabBar />
    </div>
  );
}

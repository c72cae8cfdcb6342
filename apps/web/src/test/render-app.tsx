import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../api/query-client.ts';
import { i18n } from '../i18n/index.ts';
import { setNavigator } from '../navigation.ts';
import { ROUTE_OBJECTS } from '../routes.tsx';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

/** A router inside the providers start.tsx puts around the app: a fresh query client and i18n. */
function renderRouter(router: MemoryRouter) {
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { router, ...view };
}

/** The app's real route table in a memory router at `path`, wired like start.tsx does it. */
export function renderApp(path: string) {
  const router = createMemoryRouter(ROUTE_OBJECTS, { initialEntries: [path] });
  setNavigator((to) => void router.navigate(to));
  return renderRouter(router);
}

/** Only `routes` (a screen and the ones it leads to) in a memory router at `path`, inside the app's providers. */
export function renderRoutes(routes: RouteObject[], path: string) {
  return renderRouter(createMemoryRouter(routes, { initialEntries: [path] }));
}

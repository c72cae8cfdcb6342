import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, setDefaultConfig } from './antd-startup.ts';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './routes.tsx';
import { useAntdLocale } from './i18n/antd-locales.ts';
import { applyLanguage, i18n } from './i18n/index.ts';
import { useStore } from './store/store.ts';
import { applyTheme } from './theme/theme.ts';

/** Providers around the router; the stored language and theme apply wherever they are changed from. */
export function App({ router, queryClient }: { router: ReturnType<typeof createAppRouter>; queryClient: QueryClient }) {
  const lang = useStore((s) => s.lang);
  const theme = useStore((s) => s.theme);
  const locale = useAntdLocale(lang);
  useEffect(() => applyLanguage(lang), [lang]);
  // Imperative Dialog and Toast render outside this tree, so they read antd-mobile's default config.
  useEffect(() => setDefaultConfig({ locale }), [locale]);
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={locale}>
          <RouterProvider router={router} />
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

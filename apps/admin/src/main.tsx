import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { SimulatedPricesBanner } from './components/simulated-prices-banner.tsx';
import { LanguageProvider, storedLang, useI18n } from './i18n.tsx';
import { bindMessages } from './notify.ts';
import { router } from './router.tsx';

function MessageBinding() {
  const { message } = AntApp.useApp();
  useEffect(() => bindMessages(message), [message]);
  return null;
}

/** An operator who asked the system for less motion gets modals, drawers and messages without animation. */
const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

function Shell() {
  const { lang } = useI18n();
  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} button={{ autoInsertSpace: false }} theme={{ token: { motion: !reducedMotion } }}>
      <AntApp>
        <MessageBinding />
        <SimulatedPricesBanner />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}

document.documentElement.lang = storedLang();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LanguageProvider>
      <Shell />
    </LanguageProvider>
  </StrictMode>,
);

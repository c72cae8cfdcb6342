import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/theme.css';
import './styles/app.css';
import { queryClient } from './api/query-client.ts';
import { App } from './app.tsx';
import { applyLanguage } from './i18n/index.ts';
import { setNavigator } from './navigation.ts';
import { connectRealtime } from './realtime/socket.ts';
import { createAppRouter } from './routes.tsx';
import { installAntdRender } from './setup-antd.ts';
import { checkStorageVersion, getState } from './store/store.ts';
import { applyTheme, installDesignTokens } from './theme/theme.ts';

// Start-up, in order: old storage cleared (spec section 4), look and language applied before the first
// paint, antd-mobile wired to React 19, the router made reachable from outside React, realtime opened.
checkStorageVersion();
installDesignTokens();
applyTheme(getState().theme);
applyLanguage(getState().lang);
installAntdRender();
const router = createAppRouter();
setNavigator((path) => void router.navigate(path));
connectRealtime();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);

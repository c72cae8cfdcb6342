import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/theme.css';
import './styles/app.css';
import { queryClient } from './api/query-client.ts';
import { App } from './app.tsx';
import { applyLanguage, loadLanguage } from './i18n/index.ts';
import { setNavigator } from './navigation.ts';
import { connectRealtime } from './realtime/socket.ts';
import { createAppRouter, preloadOpeningPage } from './routes.tsx';
import { checkStorageVersion, getState } from './store/store.ts';
import { applyTheme, installDesignTokens } from './theme/theme.ts';
import { applyAppStyles } from './app-styles.ts';

/** The longest the realtime connection waits for an idle moment after the load event. */
const REALTIME_IDLE_TIMEOUT_MS = 2_000;

// Start-up, in order: old storage cleared (spec section 4), look and language applied before the first
// paint, the router made reachable from outside React, realtime opened once the page has loaded (antd-mobile's
// toasts and dialogs are wired to React 19 by their own file, feedback-widgets.ts).
checkStorageVersion();
installDesignTokens();
applyTheme(getState().theme);
// The stored language's catalogue, the app's styles and the opening page's file arrive before the first
// render, so no screen shows in English first, unstyled, or as a loading view.
await Promise.all([loadLanguage(getState().lang).catch(() => undefined), applyAppStyles(), preloadOpeningPage(location.hash, getState().token !== '')]);
applyLanguage(getState().lang);
const router = createAppRouter();
setNavigator((path) => void router.navigate(path));
// The route table (a hundred routes ranked and matched) and the first render each in a task of their own.
await new Promise<void>((resolve) => setTimeout(resolve, 0));

// A transition, so React renders the first screen in slices that leave the main thread free between them.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  ),
);
// Screens list their rooms and listeners from the start (realtime/socket.ts keeps them); the connection
// and its library (its own chunk) wait until the page has loaded and the first screen is idle, so they do
// not compete with it.
const connectWhenIdle = () => {
  const connect = () => void connectRealtime();
  if ('requestIdleCallback' in window) requestIdleCallback(connect, { timeout: REALTIME_IDLE_TIMEOUT_MS });
  else setTimeout(connect, 0);
};
if (document.readyState === 'complete') connectWhenIdle();
else window.addEventListener('load', connectWhenIdle, { once: true });

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
import { getState } from './store/store.ts';
import { applyTheme, installDesignTokens } from './theme/theme.ts';
import { applyAppStyles } from './app-styles.ts';

/** The longest the realtime connection waits for an idle moment after the load event. */
const REALTIME_IDLE_TIMEOUT_MS = 2_000;

/**
 * The app's start (main.tsx calls it once this file is in). A function, not this module's top level: a
 * module awaiting at its top level holds back every file that imports it until it is done, and the page
 * and language files the start-up waits for import this one's chunk, so they could not arrive (the start
 * waited its whole delay for the opening page, and forever for another language's antd-mobile texts).
 */
export async function start() {
  // Start-up, in order (old storage was cleared by main.tsx): look and language applied before the first
  // paint, the router made reachable from outside React, realtime opened once the page has loaded (antd-mobile's
  // toasts and dialogs are wired to React 19 by their own file, feedback-widgets.ts).
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
}

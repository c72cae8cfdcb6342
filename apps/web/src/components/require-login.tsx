import { REDIRECT_DELAY_MS } from '@fairex/contract/constants';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH, navigateTo } from '../navigation.ts';
import { toast } from '../notify.ts';
import { useStore } from '../store/store.ts';

/**
 * The login gate of spec section 6: opening a protected page without a stored token shows "please log
 * in first" and goes to the login page after 1.2 s; leaving the page first cancels the redirect. When
 * the token goes away while the page is open (logout, or a 999 answer), whatever removed it already
 * navigates, so the gate only stops rendering the page.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useStore((s) => s.token !== '');
  const [openedLoggedIn] = useState(loggedIn);
  const shouldRedirect = !loggedIn && !openedLoggedIn;
  useEffect(() => {
    if (!shouldRedirect) return;
    toast(t('app.pleaseLogin'));
    const timer = setTimeout(() => navigateTo(LOGIN_PATH), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
    // Shown once per visit to the page, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shouldRedirect]);
  return loggedIn ? <>{children}</> : null;
}

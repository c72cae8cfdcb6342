import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../navigation.ts';
import { Icon } from './icon.tsx';

/** Goes back in history, or home when the page was opened directly (nothing to go back to). */
export function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(HOME_PATH, { replace: true });
  };
}

/** The custom navigation bar of every non-tab page (spec section 2: titles are custom). */
export function NavBar({ title, back = true, right }: { title?: ReactNode; back?: boolean; right?: ReactNode }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <header className="nav-bar">
      <div className="nav-bar__side">
        {back && (
          <button type="button" className="icon-button" aria-label={t('app.back')} onClick={goBack}>
            <Icon name="back" />
          </button>
        )}
      </div>
      <h1 className="nav-bar__title">{title}</h1>
      <div className="nav-bar__side nav-bar__side--right">{right}</div>
    </header>
  );
}

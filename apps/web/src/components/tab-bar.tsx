import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Icon, type IconName } from './icon.tsx';

/** The five tabs of spec section 2, in order. */
export const TABS = [
  { key: 'home', path: '/', icon: 'home' },
  { key: 'market', path: '/pages/market/market', icon: 'market' },
  { key: 'trade', path: '/pages/transaction/index', icon: 'trade' },
  { key: 'finance', path: '/pages/financial/index', icon: 'finance' },
  { key: 'assets', path: '/pages/fund/assets', icon: 'assets' },
] as const satisfies readonly { key: string; path: string; icon: IconName }[];

const HOME_ALIAS = '/pages/index/index';

export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className="tab-bar" aria-label={t('tab.label')}>
      {TABS.map((tab) => {
        const active = pathname === tab.path || (tab.path === '/' && pathname === HOME_ALIAS);
        return (
          <NavLink
            key={tab.key}
            to={tab.path}
            replace
            className={active ? 'tab-bar__item tab-bar__item--active' : 'tab-bar__item'}
            aria-current={active ? 'page' : undefined}
          >
            <Icon name={tab.icon} size="var(--tab-icon-size)" />
            <span>{t(`tab.${tab.key}`)}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}

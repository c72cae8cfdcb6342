import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSiteConfig } from '../../api/config.ts';
import { articlePath, NEWS_CATEGORY, NEWS_LIST_PATH, newsListQuery, popupAdQuery, useNewsList } from '../../api/content.ts';
import { quotationsQuery } from '../../api/market.ts';
import { queryClient } from '../../api/query-client.ts';
import { useUserInfo } from '../../api/user.ts';
import { Avatar } from '../../components/avatar.tsx';
import { NewsItems } from '../../components/content/news-items.tsx';
import { BrandMark, DEFAULT_SITE_NAME } from '../../components/brand-mark.tsx';
import { Icon } from '../../components/icon.tsx';
import { NotificationBell } from '../../components/notifications/notification-bell.tsx';
import { useIdle } from '../../components/use-idle.ts';
import { alertDialog } from '../../notify.ts';
import { getState, useStore } from '../../store/store.ts';
import { BannerSlide } from './banner-slide.tsx';
import { MarketOverview } from './market-overview.tsx';
import { SHORTCUTS } from './shortcuts.ts';
import './home-content.css';

// The carousel and the popup bring antd-mobile's animation library: they load beside the data they show,
// not with the app (home is in the app's first file).
const BannerCarousel = lazy(() => import('./banner-carousel.tsx').then((m) => ({ default: m.BannerCarousel })));
const PopupAd = lazy(() => import('./popup-ad.tsx').then((m) => ({ default: m.PopupAd })));

/**
 * The calls home's first screen shows (the banners, the market overview's quotations, the popup ad),
 * started by the app's start-up when it opens on home, before the first render instead of after it.
 */
export function prefetchHome() {
  const { lang } = getState();
  void queryClient.prefetchQuery(newsListQuery(lang, NEWS_CATEGORY.banner));
  void queryClient.prefetchQuery(quotationsQuery);
  void queryClient.prefetchQuery(popupAdQuery(lang));
}

function HomeHeader() {
  const { t } = useTranslation();
  const site = useSiteConfig().data;
  const loggedIn = useStore((s) => s.token !== '');
  const user = useUserInfo().data;
  const name = site?.site_name || DEFAULT_SITE_NAME;
  return (
    <header className="home-header">
      <div className="home-header__brand">
        {site?.site_logo ? <img className="home-header__logo" src={site.site_logo} alt={t('home.logo')} /> : <BrandMark size={30} />}
        <h1 className="home-header__name">{name}</h1>
      </div>
      {loggedIn ? (
        <div className="home-header__actions">
          <NotificationBell />
          <Link to="/pages/setting/setting" className="home-header__account" aria-label={t('home.settings')}>
            <Avatar src={user?.head_portrait} size="var(--avatar-size-small)" />
          </Link>
        </div>
      ) : (
        <div className="home-header__auth">
          <Link to="/pages/common/login" className="pill pill--ghost">
            {t('home.login')}
          </Link>
          <Link to="/pages/common/register" className="pill pill--primary">
            {t('home.register')}
          </Link>
        </div>
      )}
    </header>
  );
}

/** Banners from the server (news c_id 5); until there are any, a welcome card stands in their place. */
function Banners() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banners = useNewsList(NEWS_CATEGORY.banner).data ?? [];
  if (banners.length === 0) {
    return (
      <section className="hero" aria-label={t('home.banners')}>
        <div className="hero__text">
          <h2 className="hero__title">{t('home.heroTitle')}</h2>
          <p className="hero__body">{t('home.heroBody')}</p>
        </div>
        <span className="hero__art" aria-hidden="true">
          <Icon name="market" size={64} />
        </span>
      </section>
    );
  }
  return (
    <section className="banners" aria-label={t('home.banners')}>
      {/* Until the carousel's file is in, its first banner stands still in its place, the same size. */}
      <Suspense fallback={<BannerSlide banner={banners[0]!} onOpen={(banner) => navigate(articlePath(banner))} />}>
        <BannerCarousel banners={banners} />
      </Suspense>
    </section>
  );
}

function ShortcutGrid() {
  const { t } = useTranslation();
  return (
    <section className="card shortcuts" aria-labelledby="home-services">
      <h2 className="section-title" id="home-services">
        {t('home.services')}
      </h2>
      <ul className="shortcuts__grid">
        {SHORTCUTS.map((shortcut) => {
          const content = (
            <>
              <span className="shortcuts__icon">
                <Icon name={shortcut.icon} size="var(--shortcut-icon-size)" />
              </span>
              <span className="shortcuts__label">{t(`shortcut.${shortcut.key}`)}</span>
            </>
          );
          return (
            <li key={shortcut.key}>
              {shortcut.path === null ? (
                <button
                  type="button"
                  className="shortcuts__item"
                  onClick={() => void alertDialog({ title: t(`shortcut.${shortcut.key}`), content: t(`notice.labelOnly.${shortcut.key}`) })}
                >
                  {content}
                </button>
              ) : (
                <Link to={shortcut.path} className="shortcuts__item">
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The news, below the fold: asked for once the first screen is idle. */
function NewsList() {
  const { t } = useTranslation();
  const news = useNewsList(NEWS_CATEGORY.news, { enabled: useIdle() });
  const items = news.data ?? [];
  return (
    <section className="card news" aria-labelledby="home-news">
      <div className="news__head">
        <h2 className="section-title" id="home-news">
          {t('home.news')}
        </h2>
        {items.length > 0 && (
          <Link to={NEWS_LIST_PATH} className="news__more">
            {t('content.moreNews')}
          </Link>
        )}
      </div>
      {items.length === 0 ? (
        <div className="empty">
          <Icon name="news" size={36} />
          <p>{news.isPending ? t('app.loading') : t('home.noNews')}</p>
        </div>
      ) : (
        <NewsItems items={items} />
      )}
    </section>
  );
}

/** The public transparency page (audits, reserves, prices): open to everyone, logged in or not. */
export const TRANSPARENCY_PATH = '/pages/common/transparency';

function TransparencyLink() {
  const { t } = useTranslation();
  return (
    <Link to={TRANSPARENCY_PATH} className="card home-transparency">
      <Icon name="shield" size={20} />
      <span>{t('home.transparency')}</span>
    </Link>
  );
}

/** The entry page `/` (alias /pages/index/index): header, banners, the shortcut grid, the market overview, news, the transparency link and the popup ad. */
export function HomePage() {
  return (
    <div className="page home">
      <HomeHeader />
      <Banners />
      <ShortcutGrid />
      <MarketOverview />
      <NewsList />
      <TransparencyLink />
      <Suspense fallback={null}>
        <PopupAd />
      </Suspense>
    </div>
  );
}

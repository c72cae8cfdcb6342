import { APP_VERSION, APP_VERSION_CODE } from '@fairex/contract/constants';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSetting, useSiteConfig } from '../../api/config.ts';
import { useContentMenu } from '../../api/content.ts';
import { BrandMark, DEFAULT_SITE_NAME } from '../../components/brand-mark.tsx';
import { Cell, CellGroup } from '../../components/cell.tsx';
import { ContentPageBody } from '../../components/content/content.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

/** "0.8.0 (80)": the version line of spec section 1. */
export const VERSION_LINE = `${APP_VERSION} (${APP_VERSION_CODE})`;

/** The app's download links the operator set (GET /getSetting), as cells that open them outside the app. */
function Downloads() {
  const { t } = useTranslation();
  const android = useSetting<string>('android_download_url').data;
  const ios = useSetting<string>('ios_download_url').data;
  const links = [
    { label: t('content.android'), url: android },
    { label: t('content.ios'), url: ios },
  ].filter((link): link is { label: string; url: string } => typeof link.url === 'string' && /^https?:\/\//i.test(link.url));
  if (links.length === 0) return null;
  return (
    <CellGroup label={t('content.download')}>
      {links.map((link) => (
        <Cell key={link.url} icon="globe" label={link.label} onClick={() => window.open(link.url, '_blank', 'noopener,noreferrer')} />
      ))}
    </CellGroup>
  );
}

/** About us: the product and its version line, the operator's about text (GET /aboutus), the other pages (GET /menu) and the downloads. */
export function AboutUsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useSiteConfig().data;
  const menu = (useContentMenu().data ?? []).filter((entry) => entry.key !== 'aboutus');
  return (
    <div className="page">
      <NavBar title={t('about.title')} />
      <section className="about">
        {site?.site_logo ? <img className="about__logo" src={site.site_logo} alt="" /> : <BrandMark size={72} />}
        <h2 className="about__name">{site?.site_name || DEFAULT_SITE_NAME}</h2>
        <p className="about__version">
          {t('about.version')} <span>{VERSION_LINE}</span>
        </p>
      </section>
      <ContentPageBody pageKey="aboutus" empty={<p className="content-card">{t('about.body')}</p>} />
      <div className="content-links">
        {menu.length > 0 && (
          <CellGroup label={t('content.helpLinks')}>
            {menu.map((entry) => (
              <Cell key={entry.key} icon="info" label={entry.title} onClick={() => navigate(entry.path)} />
            ))}
          </CellGroup>
        )}
        <Downloads />
      </div>
    </div>
  );
}

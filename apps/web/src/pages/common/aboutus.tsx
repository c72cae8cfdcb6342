import { APP_VERSION, APP_VERSION_CODE } from '@fairex/contract/constants';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../api/config.ts';
import { BrandMark, DEFAULT_SITE_NAME } from '../../components/brand-mark.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

/** "0.8.0 (80)": the version line of spec section 1. */
export const VERSION_LINE = `${APP_VERSION} (${APP_VERSION_CODE})`;

/** About us: the product and its version line. */
export function AboutUsPage() {
  const { t } = useTranslation();
  const site = useSiteConfig().data;
  return (
    <div className="page">
      <NavBar title={t('about.title')} />
      <section className="about">
        {site?.site_logo ? <img className="about__logo" src={site.site_logo} alt="" /> : <BrandMark size={72} />}
        <h2 className="about__name">{site?.site_name || DEFAULT_SITE_NAME}</h2>
        <p className="about__version">
          {t('about.version')} <span>{VERSION_LINE}</span>
        </p>
        <p className="about__body">{t('about.body')}</p>
      </section>
    </div>
  );
}

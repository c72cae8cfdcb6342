import { Button } from '../antd-startup.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../navigation.ts';
import { Icon, type IconName } from './icon.tsx';
import { NavBar } from './nav-bar.tsx';

/**
 * The one view for every page whose capability is not built yet, or (with its own heading and body) for
 * a page the spec keeps as a label only. Pages opened from the tab bar pass back={false}: a tab is a root
 * and has nothing to go back to.
 */
export function ComingSoon({ title, back = true, heading, body, icon = 'hourglass' }: { title?: string; back?: boolean; heading?: string; body?: string; icon?: IconName }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page">
      <NavBar title={title} back={back} />
      <section className="coming-soon">
        <span className="coming-soon__badge">
          <Icon name={icon} size={44} />
        </span>
        <h2 className="coming-soon__title">{heading ?? t('soon.title')}</h2>
        <p className="coming-soon__body">{body ?? t('soon.body')}</p>
        {back && (
          <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate(HOME_PATH)}>
            {t('app.goHome')}
          </Button>
        )}
      </section>
    </div>
  );
}

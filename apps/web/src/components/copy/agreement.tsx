import { Button } from 'antd-mobile';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApplyTrader, useCopyMe } from '../../api/copy.ts';
import { toastSuccess } from '../../notify.ts';
import { NavBar } from '../nav-bar.tsx';
import { BECOME_TRADER_PATH } from './paths.ts';
import './copy.css';

/** An agreement's text: its title and numbered sections, each a heading and paragraphs, in the page's language. */
export type AgreementText = { title: string; intro: string; sections: readonly { heading: string; paragraphs: readonly string[] }[] };

const LOCALE = { zh: 'zh-CN', en: 'en' } as const;

/**
 * The trader agreement page of one language (/pages/follow/agreement_zh, agreement_en, login): the text,
 * "I have read and accept" and Apply, which sends POST /follow/apply with this page's language only once
 * the box is ticked, then shows the application on the trader page. When the user may not apply now
 * (under review, already a trader, or following traders), the page says so instead of offering Apply.
 */
export function AgreementScreen({ agreement, text }: { agreement: 'zh' | 'en'; text: AgreementText }) {
  const { t } = useTranslation();
  return (
    <div className="page copy">
      <NavBar title={t('page.agreement')} />
      <div className="page__body">
        <article className="card copy-agreement" lang={LOCALE[agreement]} aria-label={text.title}>
          <h2 className="section-title">{text.title}</h2>
          <p>{text.intro}</p>
          {text.sections.map((section) => (
            <section key={section.heading}>
              <h3>{section.heading}</h3>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </article>
        <ApplyForm agreement={agreement} />
      </div>
    </div>
  );
}

function ApplyForm({ agreement }: { agreement: 'zh' | 'en' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCopyMe();
  const apply = useApplyTrader();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string>();
  const boxId = useId();
  const reason = me.data && !me.data.can_apply ? me.data.cannot_apply_reason : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!accepted) {
      setError(t('copy.agreement.tickFirst'));
      return;
    }
    try {
      await apply.mutateAsync(agreement);
    } catch {
      return; // The api client has shown the server's refusal.
    }
    toastSuccess(t('copy.agreement.applied'));
    navigate(BECOME_TRADER_PATH, { replace: true });
  }

  if (reason) {
    return (
      <div className="funds-notice" role="note">
        <p>{t(`copy.cannotApply.${reason}`)}</p>
        <Link className="pill pill--ghost" to={BECOME_TRADER_PATH}>
          {t('copy.traderPage')}
        </Link>
      </div>
    );
  }
  return (
    <form className="card copy-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('copy.agreement.apply')}>
      <label className="copy-check" htmlFor={boxId}>
        <input
          id={boxId}
          type="checkbox"
          checked={accepted}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setAccepted(event.target.checked);
            setError(undefined);
          }}
        />
        <span>{t('copy.agreement.accept')}</span>
      </label>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <Button block color="primary" shape="rounded" type="submit" loading={apply.isPending}>
        {t('copy.agreement.apply')}
      </Button>
    </form>
  );
}

import type { RebateView, ShareInfo } from '@fairex/contract';
import { mul } from '@fairex/contract/money';
import { Button } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvitees, useRebates, useShareInfo } from '../../api/share.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { copyText } from '../../notify.ts';
import './growth.css';

const QR_SIZE_PX = 168;
type Tab = 'invitees' | 'rebates';

/** The registration page with the code, on this site: what the invite link and its QR code carry. */
export const inviteLink = (code: string) => `${window.location.origin}${window.location.pathname}#/pages/common/register?code=${encodeURIComponent(code)}`;

const percent = (share: string) => `${mul(share, 100)}%`;

/**
 * /pages/setting/share (login): the user's invite code and invite link (the registration page, which
 * fills the code in) with its QR code, what inviting has earned and the shares in force; then the
 * invited friends (masked) and the rebates received (fee, share, amount, coin, time, from whom), each
 * list 10 at a time with "load more".
 */
export function SharePage() {
  const { t } = useTranslation();
  const info = useShareInfo();
  const [tab, setTab] = useState<Tab>('invitees');
  return (
    <div className="page">
      <NavBar title={t('page.share')} />
      <div className="page__body">
        <PageState query={info}>{(data) => <InviteCard info={data} />}</PageState>
        <SegmentTabs
          label={t('share.lists')}
          options={[
            { value: 'invitees', label: t('share.invitees') },
            { value: 'rebates', label: t('share.rebates') },
          ]}
          value={tab}
          onChange={setTab}
        />
        {tab === 'invitees' ? <InviteeList /> : <RebateList />}
      </div>
    </div>
  );
}

function InviteCard({ info }: { info: ShareInfo }) {
  const { t } = useTranslation();
  const link = inviteLink(info.extension_code);
  const earned = info.rebates.map((r) => `${r.amount} ${r.currency}`).join(' · ');

  const copy = (text: string) => copyText(text, t('funds.copied'), t('funds.copyFailed'));

  return (
    <section className="card growth-card" aria-label={t('share.inviteCode')}>
      <Figures
        rows={[
          [t('share.inviteCode'), <strong className="growth-code">{info.extension_code}</strong>],
          [t('share.invited'), String(info.invited)],
          [t('share.earned'), earned || t('share.noneYet')],
        ]}
      />
      <div className="growth-qr">
        <QRCodeSVG value={link} size={QR_SIZE_PX} bgColor="transparent" fgColor="currentColor" title={t('share.qrCode')} />
      </div>
      <p className="growth-link" aria-label={t('share.inviteLink')}>
        {link}
      </p>
      <div className="growth-actions">
        <Button shape="rounded" fill="outline" onClick={() => void copy(info.extension_code)}>
          {t('share.copyCode')}
        </Button>
        <Button shape="rounded" color="primary" onClick={() => void copy(link)}>
          {t('share.copyLink')}
        </Button>
      </div>
      <p className="growth-hint">{t('share.howItWorks', { share: percent(info.level1_share) })}</p>
      {Number(info.level2_share) > 0 && <p className="growth-hint">{t('share.secondLevel', { share: percent(info.level2_share) })}</p>}
    </section>
  );
}

function InviteeList() {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  return (
    <PagedList query={useInvitees()} label={t('share.invitees')} empty={t('share.noInvitees')} className="growth-list" keyOf={(row, index) => `${index}:${row.account}`}>
      {(row) => (
        <div className="card growth-row">
          <span>{row.account}</span>
          <span className="muted">
            {t('share.registeredAt')} · {shownAt(row.registered_at)}
          </span>
        </div>
      )}
    </PagedList>
  );
}

function RebateList() {
  const { t } = useTranslation();
  return (
    <PagedList query={useRebates()} label={t('share.rebates')} empty={t('share.noRebates')} className="growth-list" keyOf={(rebate) => rebate.id}>
      {(rebate) => <RebateCard rebate={rebate} />}
    </PagedList>
  );
}

function RebateCard({ rebate }: { rebate: RebateView }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const coin = rebate.currency;
  return (
    <article className="card growth-rebate" aria-label={t('share.rebateOf', { amount: rebate.amount, coin })}>
      <div className="growth-rebate__head">
        <strong className="growth-amount">
          +{rebate.amount} {coin}
        </strong>
        <span className="muted">{t(`share.product.${rebate.product}`)}</span>
      </div>
      <Figures
        rows={[
          [t('share.from'), `${rebate.invitee} · ${t(`share.level.${rebate.level}`)}`],
          [t('share.fee'), `${rebate.fee} ${coin}`],
          rebate.refunded !== '0' && [t('share.refunded'), `${rebate.refunded} ${coin}`],
          [t('share.share'), percent(rebate.share)],
          [t('share.time'), shownAt(rebate.created_at)],
        ]}
      />
    </article>
  );
}

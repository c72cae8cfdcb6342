import type { Lang } from '@fairex/contract';
import { LANGS } from '@fairex/contract/lang';
import { Button } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../api/auth.ts';
import { useFiatRates } from '../../api/config.ts';
import { useContentMenu } from '../../api/content.ts';
import { useUserInfo } from '../../api/user.ts';
import { Avatar } from '../../components/avatar.tsx';
import { Cell, CellGroup } from '../../components/cell.tsx';
import { ChoiceSheet } from '../../components/choice-sheet.tsx';
import { Icon } from '../../components/icon.tsx';
import { NotificationsEntry } from '../../components/notifications/notifications-sheet.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { INTL_LOCALES, LANGUAGE_NAMES } from '../../i18n/index.ts';
import { LOGIN_PATH } from '../../navigation.ts';
import { confirmDialog, toast } from '../../notify.ts';
import { setState, useStore, type Theme } from '../../store/store.ts';
import { VERSION_LINE } from '../common/aboutus.tsx';
import { SupportEntry } from '../kefu/settings-entry.tsx';

type Sheet = 'language' | 'theme' | 'fiat' | null;

/** The operator's published help pages (FAQ, contact, compliance) by their own titles, reached straight from settings. */
function HelpPages() {
  const navigate = useNavigate();
  const pages = (useContentMenu().data ?? []).filter((entry) => entry.key !== 'aboutus');
  return pages.map((entry) => <Cell key={entry.key} icon="info" label={entry.title} onClick={() => navigate(entry.path)} />);
}

function UserCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo().data;
  return (
    <button type="button" className="user-card" onClick={() => navigate('/pages/setting/userInfo')}>
      <Avatar src={user?.head_portrait} />
      <span className="user-card__text">
        <span className="user-card__name">{user?.nickname || t('settings.noNickname')}</span>
        <span className="user-card__account">{user?.account ?? ''}</span>
      </span>
      <Icon name="chevronRight" size={18} className="user-card__arrow" />
    </button>
  );
}

/** The default fiat currency: the kept currencies of GET /apis/US.json, each with its name in the reader's language. */
function useFiatChoices() {
  const lang = useStore((s) => s.lang);
  const rates = useFiatRates().data ?? [];
  return useMemo(() => {
    const names = new Intl.DisplayNames([INTL_LOCALES[lang]], { type: 'currency' });
    return rates.map((rate) => ({ value: rate.currency_code, label: rate.currency_code, hint: names.of(rate.currency_code), rate: rate.rate }));
  }, [rates, lang]);
}

/**
 * Settings: the user card, profile, security and identity, payout cards and addresses, bills, language, theme,
 * default currency, notifications (a sheet, ?notices=1), about, the user's proof of liabilities and the public
 * transparency page, and logout after confirmation.
 */
export function SettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useStore((s) => s.lang);
  const theme = useStore((s) => s.theme);
  const fiat = useStore((s) => s.fiat);
  const fiatChoices = useFiatChoices();
  const logout = useLogout();
  const [sheet, setSheet] = useState<Sheet>(null);
  const close = () => setSheet(null);

  async function confirmLogout() {
    // The cancel button's text comes from antd-mobile's own locale (ConfigProvider).
    const confirmed = await confirmDialog({
      content: t('settings.logoutConfirm'),
      confirmText: <span className="danger-text">{t('settings.logout')}</span>,
    });
    if (!confirmed) return;
    await logout.mutateAsync();
    navigate(LOGIN_PATH, { replace: true });
    toast(t('settings.loggedOut'));
  }

  return (
    <div className="page">
      <NavBar title={t('settings.title')} />
      <div className="page__body">
        <UserCard />
        <CellGroup>
          <Cell icon="user" label={t('settings.profile')} onClick={() => navigate('/pages/setting/userInfo')} />
          <Cell icon="shield" label={t('page.security')} onClick={() => navigate('/pages/setting/security')} />
          <Cell icon="idCard" label={t('page.real')} onClick={() => navigate('/pages/setting/real')} />
        </CellGroup>
        <CellGroup>
          <Cell icon="card" label={t('page.bank')} onClick={() => navigate('/pages/setting/bank')} />
          <Cell icon="card" label={t('page.bankInternational')} onClick={() => navigate('/pages/setting/bank_international')} />
          <Cell icon="wallet" label={t('page.wallet')} onClick={() => navigate('/pages/setting/wallet')} />
          <Cell icon="bill" label={t('page.bill')} onClick={() => navigate('/pages/setting/bill')} />
          <Cell icon="coupon" label={t('page.coupon')} onClick={() => navigate('/pages/setting/coupon')} />
          <Cell icon="user" label={t('page.share')} onClick={() => navigate('/pages/setting/share')} />
        </CellGroup>
        <CellGroup>
          <Cell icon="globe" label={t('settings.language')} value={LANGUAGE_NAMES[lang]} onClick={() => setSheet('language')} />
          <Cell icon="moon" label={t('settings.theme')} value={t(`settings.${theme}`)} onClick={() => setSheet('theme')} />
          <Cell icon="currency" label={t('settings.fiat')} value={fiat.currency_code} onClick={() => setSheet('fiat')} />
        </CellGroup>
        <CellGroup>
          <NotificationsEntry />
          <SupportEntry />
          <HelpPages />
          <Cell icon="info" label={t('settings.about')} value={VERSION_LINE} onClick={() => navigate('/pages/common/aboutus')} />
        </CellGroup>
        <CellGroup>
          <Cell icon="check" label={t('proof.title')} onClick={() => navigate('/pages/setting/liabilities')} />
          <Cell icon="eye" label={t('transparency.title')} onClick={() => navigate('/pages/common/transparency')} />
        </CellGroup>
        <Button block shape="rounded" size="large" className="logout-button" onClick={() => void confirmLogout()} loading={logout.isPending}>
          <Icon name="logout" size={18} />
          <span>{t('settings.logout')}</span>
        </Button>
      </div>

      <ChoiceSheet<Lang>
        title={t('settings.language')}
        open={sheet === 'language'}
        value={lang}
        choices={LANGS.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        onChoose={(value) => {
          setState({ lang: value });
          close();
        }}
        onClose={close}
      />
      <ChoiceSheet<Theme>
        title={t('settings.theme')}
        open={sheet === 'theme'}
        value={theme}
        choices={[
          { value: 'light', label: t('settings.light') },
          { value: 'dark', label: t('settings.dark') },
        ]}
        onChoose={(value) => {
          setState({ theme: value });
          close();
        }}
        onClose={close}
      />
      <ChoiceSheet<string>
        title={t('settings.fiat')}
        open={sheet === 'fiat'}
        value={fiat.currency_code}
        choices={fiatChoices}
        onChoose={(value) => {
          const chosen = fiatChoices.find((choice) => choice.value === value);
          if (chosen) setState({ fiat: { currency_code: chosen.value, rate: chosen.rate, saveTime: Date.now() } });
          close();
        }}
        onClose={close}
      />
    </div>
  );
}

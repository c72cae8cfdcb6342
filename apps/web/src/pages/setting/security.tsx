import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../api/user.ts';
import { Cell, CellGroup } from '../../components/cell.tsx';
import { SheetHead } from '../../components/choice-sheet.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { clearDraft, useDraft } from '../../store/drafts.ts';
import { BindEmailForm } from './bind-email.tsx';
import { BIND_MOBILE_DRAFT, BindMobileForm } from './bind-mobile.tsx';
import './security.css';

type Sheet = 'email' | 'mobile' | null;

/** Which binding sheet is open, as a draft: the phone sheet reopens after a trip to the area code picker. */
const SHEET_DRAFT = 'security.sheet';

/** The binding forms in a bottom sheet: the spec names no route for them (they are reached from settings). */
function BindSheet({ sheet, onClose }: { sheet: Sheet; onClose: () => void }) {
  const { t } = useTranslation();
  const title = t(sheet === 'mobile' ? 'security.bindMobile' : 'security.bindEmail');
  return (
    <Popup visible={sheet !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <div className="sheet__form" role="dialog" aria-label={title}>
        <SheetHead title={title} onClose={onClose} />
        {sheet === 'email' && <BindEmailForm onDone={onClose} />}
        {sheet === 'mobile' && <BindMobileForm onDone={onClose} />}
      </div>
    </Popup>
  );
}

/** Security centre: login and pay passwords, and the email and mobile bindings (shown as bound or not). */
export function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo().data;
  const [sheet, setSheet] = useDraft<Sheet>(SHEET_DRAFT, null);
  const notBound = <span className="muted">{t('security.notBound')}</span>;

  function close() {
    clearDraft(BIND_MOBILE_DRAFT);
    setSheet(null);
  }

  return (
    <div className="page">
      <NavBar title={t('page.security')} />
      <div className="page__body">
        <CellGroup label={t('security.passwords')}>
          <Cell icon="lock" label={t('security.loginPassword')} value={t('security.change')} onClick={() => navigate('/pages/setting/password')} />
          <Cell
            icon="shield"
            label={t('security.payPassword')}
            value={user?.pay_pin_set ? t('security.change') : <span className="muted">{t('security.notSet')}</span>}
            onClick={() => navigate('/pages/setting/payPassword')}
          />
        </CellGroup>
        <CellGroup label={t('security.bindings')}>
          <Cell icon="mail" label={t('security.email')} value={user?.email || notBound} onClick={() => setSheet('email')} />
          <Cell
            icon="phone"
            label={t('security.mobile')}
            value={user?.mobile ? `+${user.area_code} ${user.mobile}` : notBound}
            onClick={() => setSheet('mobile')}
          />
        </CellGroup>
      </div>
      <BindSheet sheet={sheet} onClose={close} />
    </div>
  );
}

import { isNickname, isSignature } from '@fairex/contract/validators';
import { Button, Popup } from 'antd-mobile';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditProfile, useUploadAvatar, useUserInfo } from '../../api/user.ts';
import { Avatar } from '../../components/avatar.tsx';
import { Cell, CellGroup } from '../../components/cell.tsx';
import { Field } from '../../components/field.tsx';
import { Icon } from '../../components/icon.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { loadFeedback, toast, toastSuccess } from '../../notify.ts';

type Editing = 'nickname' | 'signature' | null;

/** Two ways to pick the avatar: the camera (capture) or the album; one image at a time (spec section 5). */
function AvatarPicker({ src }: { src?: string | null }) {
  const { t } = useTranslation();
  const uploadAvatar = useUploadAvatar();

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // Picking the same file again still fires a change.
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast(t('validation.imageOnly'));
      return;
    }
    // Through the widgets' file, which wires antd-mobile's toasts to React 19 (setup-antd.ts).
    const { Toast } = await loadFeedback();
    Toast.show({ icon: 'loading', content: t('user.uploading'), duration: 0 });
    try {
      await uploadAvatar.mutateAsync(file);
      toastSuccess(t('user.avatarUpdated'));
    } catch {
      // The api client has shown the server's message, which replaced the loading toast.
    }
  }

  return (
    <section className="avatar-picker" aria-label={t('user.avatar')}>
      <Avatar src={src} size="var(--avatar-size-large)" alt={t('user.avatar')} />
      <div className="avatar-picker__actions">
        <label className="pill pill--ghost">
          <Icon name="camera" size={16} />
          <span>{t('user.camera')}</span>
          <input className="visually-hidden" type="file" accept="image/*" capture="user" onChange={(event) => void pick(event)} />
        </label>
        <label className="pill pill--ghost">
          <Icon name="image" size={16} />
          <span>{t('user.album')}</span>
          <input className="visually-hidden" type="file" accept="image/*" onChange={(event) => void pick(event)} />
        </label>
      </div>
    </section>
  );
}

/** The nickname or signature editor, in a bottom sheet. */
function EditSheet({ editing, initial, onClose }: { editing: Editing; initial: string; onClose: () => void }) {
  const { t } = useTranslation();
  const edit = useEditProfile();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const field = editing ?? 'nickname';

  async function save(event: FormEvent) {
    event.preventDefault();
    const text = value.trim();
    const valid = field === 'nickname' ? isNickname(text) : isSignature(text);
    if (!valid) {
      setError(t(field === 'nickname' ? 'validation.nicknameInvalid' : 'validation.signatureInvalid'));
      return;
    }
    try {
      await edit.mutateAsync({ [field]: text });
    } catch {
      return;
    }
    toastSuccess(t('settings.saved'));
    onClose();
  }

  return (
    <Popup visible={editing !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <form className="sheet__form" onSubmit={save} noValidate>
        <div className="sheet__head">
          <h2 className="sheet__title">{t(field === 'nickname' ? 'user.editNickname' : 'user.editSignature')}</h2>
          <button type="button" className="icon-button" aria-label={t('app.close')} onClick={onClose}>
            <Icon name="close" size={20} />
          </button>
        </div>
        <Field
          label={t(field === 'nickname' ? 'user.nickname' : 'user.signature')}
          placeholder={t(field === 'nickname' ? 'user.nicknamePlaceholder' : 'user.signaturePlaceholder')}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          error={error}
          maxLength={field === 'nickname' ? 10 : 30}
          autoFocus
        />
        <Button type="submit" block color="primary" size="large" shape="rounded" loading={edit.isPending}>
          {t('app.save')}
        </Button>
      </form>
    </Popup>
  );
}

/** Personal information: avatar (camera or album), nickname and signature, and the account's details. */
export function UserInfoPage() {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const [editing, setEditing] = useState<Editing>(null);
  const notSet = <span className="muted">{t('user.notSet')}</span>;

  return (
    <div className="page">
      <NavBar title={t('user.title')} />
      <div className="page__body">
        <AvatarPicker src={user?.head_portrait} />
        <CellGroup>
          <Cell label={t('user.nickname')} value={user?.nickname || notSet} onClick={() => setEditing('nickname')} />
          <Cell label={t('user.signature')} value={user?.signature || notSet} onClick={() => setEditing('signature')} />
        </CellGroup>
        <CellGroup>
          <Cell label={t('user.account')} value={user?.account} />
          <Cell label={t('user.uid')} value={user?.id} />
          <Cell label={t('user.email')} value={user?.email || notSet} />
          <Cell label={t('user.mobile')} value={user?.mobile ? `+${user.area_code} ${user.mobile}` : notSet} />
          <Cell label={t('user.inviteCode')} value={user?.extension_code} />
          <Cell label={t('user.creditScore')} value={user?.credit_score} />
        </CellGroup>
      </div>
      {editing && (
        <EditSheet
          key={editing}
          editing={editing}
          initial={(editing === 'nickname' ? user?.nickname : user?.signature) ?? ''}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

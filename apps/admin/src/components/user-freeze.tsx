import { Button } from 'antd';
import { useState } from 'react';
import { adminApi } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { useDecision } from '../review-queue.ts';
import { PromptModal } from './prompt-modal.tsx';

/**
 * Freezes a user (logged out everywhere, no login until unfrozen) or unfreezes them, with the reason
 * the operator log keeps. Admins only; the page reloads the user's state after the decision.
 */
export function UserFreezeButton({ userId, account, frozen }: { userId: number; account: string; frozen: boolean }) {
  const { t } = useI18n();
  const decide = useDecision();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button danger={!frozen} onClick={() => setAsking(true)}>
        {frozen ? t('user.unfreeze') : t('user.freeze')}
      </Button>
      <PromptModal
        open={asking}
        title={t(frozen ? 'user.unfreezeTitle' : 'user.freezeTitle', { account })}
        label={t('user.freezeReason')}
        required={t('user.freezeReasonRequired')}
        extra={frozen ? t('user.unfreezeHint') : t('user.freezeHint')}
        okText={frozen ? t('user.unfreeze') : t('user.freeze')}
        cancelText={t('user.cancel')}
        danger={!frozen}
        onCancel={() => setAsking(false)}
        onSubmit={async (reason) => {
          const done = await decide(() => adminApi.freezeUser(userId, !frozen, reason), frozen ? t('user.unfrozenDone') : t('user.frozenDone'));
          if (done) setAsking(false);
          return done;
        }}
      />
    </>
  );
}

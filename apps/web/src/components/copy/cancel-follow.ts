import { useTranslation } from 'react-i18next';
import { useCancelFollow } from '../../api/copy.ts';
import { confirmThenSend } from '../../notify.ts';

/**
 * Cancel follow, after a confirmation (spec section 8) that says what happens to the copies still open:
 * they stay linked and close with the trader's positions, unless the follower takes one over (self-hold).
 * True once cancelled. Used on the follow form and on the user's follows.
 */
export function useConfirmCancelFollow() {
  const { t } = useTranslation();
  const cancel = useCancelFollow();
  const ask = (follow: { trader_user_id: number; trader_name: string; open_copies: number }) =>
    confirmThenSend(
      {
        title: t('copy.cancelFollow.title'),
        content: t('copy.cancelFollow.confirm', { name: follow.trader_name, count: follow.open_copies }),
        confirmText: t('copy.cancelFollow.action'),
        cancelText: t('copy.keep'),
      },
      () => cancel.mutateAsync(follow.trader_user_id),
      t('copy.cancelFollow.done'),
    );
  return { ask, pending: cancel.isPending };
}

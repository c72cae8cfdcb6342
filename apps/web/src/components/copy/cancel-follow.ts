import { useTranslation } from 'react-i18next';
import { useCancelFollow } from '../../api/copy.ts';
import { confirmThenSend } from '../../notify.ts';

/**
 * Cancel follow, after a confirmation (spec section 8) that says what happens to the positions still open:
 * the open copies stay linked and close with the trader's positions (unless taken over first), and the
 * self-held ones are the follower's own, open until the follower closes them. True once cancelled. Used
 * on the follow form and on the user's follows.
 */
export function useConfirmCancelFollow() {
  const { t } = useTranslation();
  const cancel = useCancelFollow();
  const ask = (follow: { trader_user_id: number; trader_name: string; open_copies: number; self_held: number }) =>
    confirmThenSend(
      {
        title: t('copy.cancelFollow.title'),
        content: [
          t('copy.cancelFollow.confirm', { name: follow.trader_name }),
          follow.open_copies > 0 && t('copy.cancelFollow.copiesStay', { count: follow.open_copies }),
          follow.self_held > 0 && t('copy.cancelFollow.selfHeldStay', { count: follow.self_held }),
        ]
          .filter(Boolean)
          .join(' '),
        confirmText: t('copy.cancelFollow.action'),
        cancelText: t('copy.keep'),
      },
      () => cancel.mutateAsync(follow.trader_user_id),
      t('copy.cancelFollow.done'),
    );
  return { ask, pending: cancel.isPending };
}

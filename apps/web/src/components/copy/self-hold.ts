import { useTranslation } from 'react-i18next';
import { useSelfHold } from '../../api/copy.ts';
import { confirmThenSend } from '../../notify.ts';

/**
 * Self-hold (spec section 8 asks to confirm it first): a copied position becomes the follower's own. It
 * no longer closes with the trader and the follower closes it by hand (with TP/SL if they like); the
 * trader's share of its profit so far is paid then, at the mark (server copy/service.ts selfHold), and
 * nothing after. Used on the contract orders and on my copies.
 */
export function useConfirmSelfHold() {
  const { t } = useTranslation();
  const selfHold = useSelfHold();
  const ask = (position: { id: number; symbol: string; share: number }) =>
    confirmThenSend(
      {
        title: t('copy.selfHold.title'),
        content: t('copy.selfHold.confirm', { symbol: position.symbol, count: position.share }),
        confirmText: t('copy.selfHold.action'),
        cancelText: t('copy.keep'),
      },
      () => selfHold.mutateAsync(position.id),
      t('copy.selfHold.done'),
    );
  return { ask, pending: selfHold.isPending };
}

import type { NotificationItem } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { INTL_LOCALES } from '../../i18n/index.ts';
import { useStore } from '../../store/store.ts';

/**
 * A notification's title and text in the reader's language: an event is stored as its kind and figures
 * and worded here; a system notice comes from the server already in the reader's language (or English).
 */
export function useNotificationText() {
  const { t } = useTranslation();
  // Exact, as funds.tsx useFormatTime words a scheduled time (not imported: the sheet stays light).
  const lang = useStore((state) => state.lang);
  const formatTime = (at: number) => new Date(at).toLocaleString(INTL_LOCALES[lang]);
  const levelOf = (level: 1 | 2) => (level === 2 ? t('notice.level.advanced') : t('notice.level.basic'));
  return (item: NotificationItem): { title: string; body: string } => {
    switch (item.kind) {
      case 'system':
        return { title: item.title, body: item.body };
      case 'deposit_credited':
        return { title: t('notice.kind.deposit_credited.title'), body: t('notice.kind.deposit_credited.body', item.figures) };
      case 'withdrawal_approved':
        return { title: t('notice.kind.withdrawal_approved.title'), body: t('notice.kind.withdrawal_approved.body', item.figures) };
      case 'withdrawal_rejected':
        return { title: t('notice.kind.withdrawal_rejected.title'), body: t('notice.kind.withdrawal_rejected.body', item.figures) };
      case 'identity_approved':
        return { title: t('notice.kind.identity_approved.title'), body: t('notice.kind.identity_approved.body', { level: levelOf(item.figures.level) }) };
      case 'identity_rejected':
        return {
          title: t('notice.kind.identity_rejected.title'),
          body: t('notice.kind.identity_rejected.body', { level: levelOf(item.figures.level), reason: item.figures.reason }),
        };
      case 'spot_order_filled': {
        const { side, symbol, quantity, average_price: price } = item.figures;
        return {
          title: t('notice.kind.spot_order_filled.title'),
          body: side === 'buy' ? t('notice.kind.spot_order_filled.bodyBuy', { symbol, quantity, price }) : t('notice.kind.spot_order_filled.bodySell', { symbol, quantity, price }),
        };
      }
      // Loans word their own notices (i18n/loan); LTVs arrive as fractions and read as percents.
      case 'loan_margin_call': {
        const percent = (fraction: string) => `${(Number(fraction) * 100).toFixed(2)}%`;
        const { ltv, margin_call_ltv, liquidation_ltv, ...figures } = item.figures;
        return {
          title: t('loan.notice.marginCallTitle'),
          body: t('loan.notice.marginCallBody', { ...figures, ltv: percent(ltv), margin_call: percent(margin_call_ltv), liquidation: percent(liquidation_ltv) }),
        };
      }
      case 'loan_liquidated':
        return {
          title: t('loan.notice.liquidatedTitle'),
          body: item.figures.reason === 'overdue' ? t('loan.notice.liquidatedOverdue', item.figures) : t('loan.notice.liquidatedLtv', item.figures),
        };
      case 'mining_unlocked':
        return { title: t('notice.kind.mining_unlocked.title'), body: t('notice.kind.mining_unlocked.body', item.figures) };
      case 'dual_settled':
        return {
          title: t('notice.kind.dual_settled.title'),
          body: item.figures.status === 'success' ? t('notice.kind.dual_settled.bodySuccess', item.figures) : t('notice.kind.dual_settled.bodyFail', item.figures),
        };
      case 'ieo_allocated': {
        const { unlock_at: unlockAt, ...figures } = item.figures;
        const body = t('notice.kind.ieo_allocated.body', figures);
        return { title: t('notice.kind.ieo_allocated.title'), body: unlockAt === null ? body : `${body} ${t('notice.kind.ieo_allocated.locked', { time: formatTime(unlockAt) })}` };
      }
      case 'copy_skipped':
        return { title: t('notice.kind.copy_skipped.title'), body: t('notice.kind.copy_skipped.body', { trader: item.figures.trader_name, symbol: item.figures.symbol }) };
    }
  };
}

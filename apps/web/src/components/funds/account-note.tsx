import type { TransferTargetKind } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './account-note.css';

/** The fund transfer screen, opened to move funds into `to` (and, when given, this coin and amount). */
export function transferPath(to: TransferTargetKind, currencyId?: number, amount?: string) {
  const params = new URLSearchParams({ to });
  if (currencyId !== undefined) params.set('currency', String(currencyId));
  if (amount !== undefined) params.set('amount', amount);
  return `/pages/fund/fundTransfer?${params}`;
}

/**
 * Says which account a product draws on, with a way to move funds into it. When the order in hand needs
 * more than the account holds, the link asks for exactly the missing amount: a new user's first order
 * otherwise met "Insufficient balance" and a dead end (review 2026-11-27, screens 1 and 2).
 */
export function AccountNote({ kind, currencyId, shortfall }: { kind: 'spot' | 'contract' | 'options'; currencyId: number; shortfall?: { amount: string; currency: string } }) {
  const { t } = useTranslation();
  return (
    <p className="account-note muted">
      {t(`funds.uses.${kind}`)}{' '}
      <Link to={transferPath(kind, currencyId, shortfall?.amount)} className="link-button">
        {shortfall ? t('funds.transferShort', shortfall) : t('funds.transferIn')}
      </Link>
    </p>
  );
}

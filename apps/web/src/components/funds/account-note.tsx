import type { TransferTargetKind } from '@fairex/contract';
import { cmp, sub, type MoneyInput } from '@fairex/contract/money';
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
 * What each note says (funds.uses.<use>) and the account it names, as the server's ledger legs take and pay:
 * NFT sales, margins and bid holds, loans (collateral locked, loan paid, top-ups), mining, IEO and dual
 * investment all draw on the spot account and pay back into it.
 */
const ACCOUNT_OF = {
  spot: 'spot',
  contract: 'contract',
  options: 'options',
  nft: 'spot',
  nftBid: 'spot',
  loan: 'spot',
  loanCollateral: 'spot',
  mining: 'spot',
  ieo: 'spot',
  dual: 'spot',
} as const satisfies Record<string, TransferTargetKind>;
export type AccountUse = keyof typeof ACCOUNT_OF;

/** What `need` asks beyond `available` (for the transfer link), or undefined when it fits. */
export function shortfallOf(need: MoneyInput, available: MoneyInput, currency: string) {
  return cmp(need, available) > 0 ? { amount: sub(need, available), currency } : undefined;
}

/**
 * Says which account a product draws on, with a way to move funds into it. When the order in hand needs
 * more than the account holds, the link asks for exactly the missing amount: a new user's first order
 * otherwise met "Insufficient balance" and a dead end (review 2026-11-27, screens 1 and 2).
 */
export function AccountNote({ kind, currencyId, shortfall }: { kind: AccountUse; currencyId: number; shortfall?: { amount: string; currency: string } }) {
  const { t } = useTranslation();
  return (
    <p className="account-note muted">
      {t(`funds.uses.${kind}`)}{' '}
      <Link to={transferPath(ACCOUNT_OF[kind], currencyId, shortfall?.amount)} className="link-button">
        {shortfall ? t('funds.transferShort', shortfall) : t('funds.transferIn')}
      </Link>
    </p>
  );
}

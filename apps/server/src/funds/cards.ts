/** Wallet addresses (per coin, checked against its networks' formats) and bank cards. */
import type { Confirmation } from '@fairex/contract';
import type { AppContext } from '../app-context.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { checkConfirmation } from '../identity/service.ts';
import { DomainError } from '../http/errors.ts';
import { ownsUpload } from '../uploads/repository.ts';
import { findCoin, findBankCard, insertWalletAddress, networksOf, saveBankCard, type CardKind } from './repository.ts';
import { addressFits, networkOfAddress } from './rules.ts';

/** POST /user/wallet/save: confirmed by the pay password or a security code. */
export async function saveWalletAddress(
  ctx: AppContext,
  user: SessionUser,
  input: { currency: number; name: string; address: string; qrcode: string; network?: string } & Confirmation,
) {
  const coin = await findCoin(ctx.db, input.currency);
  if (!coin) throw new DomainError('currency_unavailable');
  const networks = (await networksOf(ctx.db, [coin.id])).map((n) => n.network);
  const network = input.network
    ? networks.find((n) => n.toUpperCase() === input.network!.toUpperCase() && addressFits(n, input.address))
    : networkOfAddress(networks, input.address);
  if (!network) throw new DomainError('address_invalid');
  if (!(await ownsUpload(ctx.db, user.id, input.qrcode))) throw new DomainError('qrcode_required');
  await checkConfirmation(ctx, user, input);
  const row = await insertWalletAddress(ctx.db, { userId: user.id, currencyId: coin.id, network, name: input.name, address: input.address, qrcode: input.qrcode });
  return { id: row.id, network };
}

/** POST /user/cash_save and /user/cash_save_international: one card of each kind, replaced on save; confirmed like an address. */
export async function saveCard(ctx: AppContext, user: SessionUser, kind: CardKind, input: Record<string, string> & Confirmation) {
  const { pay_password, code, ...details } = input;
  await checkConfirmation(ctx, user, { pay_password, code });
  return saveBankCard(ctx.db, user.id, kind, details);
}

/** POST /user/cash_info and /user/cash_info_international: the saved card, or null. */
export const cardInfo = async (ctx: AppContext, userId: number, kind: CardKind) => (await findBankCard(ctx.db, userId, kind)) ?? null;

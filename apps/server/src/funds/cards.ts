/** Wallet addresses (per coin, checked against its networks' formats) and bank cards. */
import type { AppContext } from '../app-context.ts';
import { DomainError } from '../http/errors.ts';
import { ownsUpload } from '../uploads/repository.ts';
import { findCoin, findBankCard, insertWalletAddress, networksOf, saveBankCard, type CardKind } from './repository.ts';
import { addressFits, networkOfAddress } from './rules.ts';

/** POST /user/wallet/save. */
export async function saveWalletAddress(
  ctx: AppContext,
  userId: number,
  input: { currency: number; name: string; address: string; qrcode: string; network?: string },
) {
  const coin = await findCoin(ctx.db, input.currency);
  if (!coin) throw new DomainError('currency_unavailable');
  const networks = (await networksOf(ctx.db, [coin.id])).map((n) => n.network);
  const network = input.network
    ? networks.find((n) => n.toUpperCase() === input.network!.toUpperCase() && addressFits(n, input.address))
    : networkOfAddress(networks, input.address);
  if (!network) throw new DomainError('address_invalid');
  if (!(await ownsUpload(ctx.db, userId, input.qrcode))) throw new DomainError('qrcode_required');
  const row = await insertWalletAddress(ctx.db, { userId, currencyId: coin.id, network, name: input.name, address: input.address, qrcode: input.qrcode });
  return { id: row.id, network };
}

/** POST /user/cash_save and /user/cash_save_international: one card of each kind, replaced on save. */
export const saveCard = (ctx: AppContext, userId: number, kind: CardKind, details: Record<string, string>) =>
  saveBankCard(ctx.db, userId, kind, details);

/** POST /user/cash_info and /user/cash_info_international: the saved card, or null. */
export const cardInfo = async (ctx: AppContext, userId: number, kind: CardKind) => (await findBankCard(ctx.db, userId, kind)) ?? null;

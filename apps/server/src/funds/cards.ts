/** Wallet addresses (per coin, checked against its networks' formats, each saved once) and bank cards. */
import { addressFits, addressKey, networkOfAddress, type Confirmation } from '@fairex/contract';
import type { AppContext } from '../app-context.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { checkConfirmation } from '../identity/service.ts';
import { DomainError } from '../http/errors.ts';
import { ownsUpload } from '../uploads/repository.ts';
import { deleteOwnBankCard, findBankCardRow, findCoin, insertWalletAddress, networksOf, saveBankCard, type CardKind } from './repository.ts';

/**
 * POST /user/wallet/save: confirmed by the pay password or a security code. The same coin, network and
 * address (compared as addressKey does) is refused as a duplicate; the unique index settles a race.
 */
export async function saveWalletAddress(
  ctx: Pick<AppContext, 'db' | 'limits'>,
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
  const row = await insertWalletAddress(ctx.db, {
    userId: user.id,
    currencyId: coin.id,
    network,
    name: input.name,
    address: input.address,
    addressKey: addressKey(network, input.address),
    qrcode: input.qrcode,
  });
  if (!row) throw new DomainError('address_duplicate');
  return { id: row.id, network };
}

/**
 * POST /user/cash_save and /user/cash_save_international: one card of each kind, replaced on save;
 * confirmed like an address. An edit names the card it replaces (`id`), which must be the user's own of
 * that kind: another user's id answers like a missing one.
 */
export async function saveCard(ctx: Pick<AppContext, 'db' | 'limits'>, user: SessionUser, kind: CardKind, input: Record<string, string | number | undefined> & Confirmation) {
  const { pay_password, code, id, ...details } = input;
  if (id !== undefined && (await findBankCardRow(ctx.db, user.id, kind))?.id !== id) throw new DomainError('not_found');
  await checkConfirmation(ctx, user, { pay_password, code });
  await saveBankCard(ctx.db, user.id, kind, details as Record<string, string>);
}

/**
 * POST /user/cash_delete and /user/cash_delete_international: confirmed like saving. Withdrawals already
 * requested keep the copy of the card they were made with, so removing it changes no money.
 */
export async function deleteCard(ctx: Pick<AppContext, 'db' | 'limits'>, user: SessionUser, kind: CardKind, input: { id: number } & Confirmation) {
  await checkConfirmation(ctx, user, input);
  if (!(await deleteOwnBankCard(ctx.db, user.id, kind, input.id))) throw new DomainError('not_found');
}

/** POST /user/cash_info and /user/cash_info_international: the saved card with its id, or null. */
export async function cardInfo(ctx: Pick<AppContext, 'db'>, userId: number, kind: CardKind) {
  const row = await findBankCardRow(ctx.db, userId, kind);
  return row ? { id: row.id, ...row.details } : null;
}

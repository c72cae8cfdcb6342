/**
 * The marketplace's two settings (back office, admins): the fee the platform takes on users' resales,
 * and the coins NFTs may be priced in (getNftCurrency). Each listing copies the fee ratio when it is
 * created, so a change moves only what is listed afterwards.
 */
import { NFT_FEE_RATIO_DEFAULT, toAmountString } from '@fairex/contract';
import type { Executor } from '../db/client.ts';
import { readSettings } from '../site/repository.ts';
import { settings } from '../site/tables.ts';
import { coinByName, coinsByIds, type Coin } from './repository.ts';

export const NFT_FEE_RATIO_KEY = 'nft_fee_ratio';
export const NFT_CURRENCIES_KEY = 'nft_currencies';
/** The coin NFTs are priced in until an operator names others. */
export const NFT_CURRENCY_DEFAULT = 'USDT';

export type NftSettings = { feeRatio: string; currencyIds: number[] };

export async function nftSettings(db: Executor): Promise<NftSettings> {
  const stored = await readSettings(db, [NFT_FEE_RATIO_KEY, NFT_CURRENCIES_KEY]);
  const fee = stored.get(NFT_FEE_RATIO_KEY);
  const ids = stored.get(NFT_CURRENCIES_KEY);
  const currencyIds = Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  if (currencyIds.length === 0) {
    const fallback = await coinByName(db, NFT_CURRENCY_DEFAULT);
    if (fallback) currencyIds.push(fallback.id);
  }
  return { feeRatio: typeof fee === 'string' ? fee : NFT_FEE_RATIO_DEFAULT, currencyIds };
}

/** The enabled coins NFTs may be priced in, in the coins' order. */
export async function nftCoins(db: Executor): Promise<Coin[]> {
  return (await coinsByIds(db, (await nftSettings(db)).currencyIds)).filter((coin) => coin.enabled);
}

export async function saveNftSettings(db: Executor, next: { feeRatio: string; currencyIds: number[] }) {
  for (const [key, value] of [
    [NFT_FEE_RATIO_KEY, toAmountString(next.feeRatio)],
    [NFT_CURRENCIES_KEY, next.currencyIds],
  ] as const) {
    await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  }
}

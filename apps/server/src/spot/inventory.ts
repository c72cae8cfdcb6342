/**
 * The market maker's inventory band, a pure rule: how many ladder levels of each side it may quote
 * so that, were they all filled, its holding of the base coin stays within [min, max] (values in the
 * quote coin). Bids add to the holding, asks take from it; a side whose next level would cross its
 * bound is quoted no further, down to no level at all.
 */
import { money, type MoneyInput } from '@fairex/contract';

export type InventoryBand = { min: MoneyInput; max: MoneyInput };

export function levelsWithinInventory(levels: number, levelValue: MoneyInput, holdingValue: MoneyInput, band: InventoryBand): { buy: number; sell: number } {
  const each = money(levelValue);
  if (each.lte(0)) return { buy: 0, sell: 0 };
  const fit = (room: ReturnType<typeof money>) => (room.lte(0) ? 0 : Math.min(levels, room.dividedToIntegerBy(each).toNumber()));
  return { buy: fit(money(band.max).minus(holdingValue)), sell: fit(money(holdingValue).minus(band.min)) };
}

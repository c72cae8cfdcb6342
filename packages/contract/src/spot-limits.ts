/**
 * A spot symbol's minimum order value, shared by the server (which refuses a smaller order with
 * order_value_too_small) and the trade form (which says so before sending). An order's value is its
 * quantity times a price in the quote coin: the limit price, or for a market order the best price on the
 * other side of the book (the index when that side is empty), since that is where it starts to fill.
 */
import { money } from './money.ts';

/** Whether `quantity` valued at `price` reaches `orderValueMin` (decimal strings; a minimum of 0 admits every order). */
export const meetsOrderValueMin = (quantity: string, price: string, orderValueMin: string) => money(quantity).times(price).greaterThanOrEqualTo(orderValueMin);

/** The price a market order is valued at: the best price it would meet first, else the index, else unknown. */
export const marketOrderValuePrice = (bestOpposite: string | undefined, index: string | undefined) => bestOpposite ?? index;

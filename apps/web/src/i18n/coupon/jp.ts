import type { Catalogue } from '../catalogue.ts';

/** coupon: jp strings, the same keys as ./en.ts. */
export const coupon: Catalogue['coupon'] = {};

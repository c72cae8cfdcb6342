import type { Catalogue } from '../catalogue.ts';

/** coupon: th strings, the same keys as ./en.ts. */
export const coupon: Catalogue['coupon'] = {};

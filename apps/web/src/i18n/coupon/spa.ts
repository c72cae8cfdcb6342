import type { Catalogue } from '../catalogue.ts';

/** coupon: spa strings, the same keys as ./en.ts. */
export const coupon: Catalogue['coupon'] = {};

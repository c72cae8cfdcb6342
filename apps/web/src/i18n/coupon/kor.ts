import type { Catalogue } from '../catalogue.ts';

/** coupon: kor strings, the same keys as ./en.ts. */
export const coupon: Catalogue['coupon'] = {};

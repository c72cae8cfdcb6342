import type { Catalogue } from '../catalogue.ts';

/** otc: hk strings, the same keys as ./en.ts. */
export const otc: Catalogue['otc'] = {};

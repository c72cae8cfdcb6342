import type { Catalogue } from '../catalogue.ts';

/** otc: zh strings, the same keys as ./en.ts. */
export const otc: Catalogue['otc'] = {};

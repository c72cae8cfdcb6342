import type { Catalogue } from '../catalogue.ts';

/** otc: fra strings, the same keys as ./en.ts. */
export const otc: Catalogue['otc'] = {};

import type { Catalogue } from '../catalogue.ts';

/** otc: jp strings, the same keys as ./en.ts. */
export const otc: Catalogue['otc'] = {};

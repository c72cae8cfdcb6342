import type { Catalogue } from '../catalogue.ts';

/** mining: hk strings, the same keys as ./en.ts. */
export const mining: Catalogue['mining'] = {};

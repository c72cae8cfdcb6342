import type { Catalogue } from '../catalogue.ts';

/** invest: fra strings, the same keys as ./en.ts. */
export const invest: Catalogue['invest'] = {};

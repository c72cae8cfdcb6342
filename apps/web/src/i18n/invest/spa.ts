import type { Catalogue } from '../catalogue.ts';

/** invest: spa strings, the same keys as ./en.ts. */
export const invest: Catalogue['invest'] = {};

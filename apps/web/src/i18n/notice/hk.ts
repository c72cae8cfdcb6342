import type { Catalogue } from '../catalogue.ts';

/** notice: hk strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {};

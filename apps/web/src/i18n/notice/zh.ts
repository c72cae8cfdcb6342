import type { Catalogue } from '../catalogue.ts';

/** notice: zh strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {};

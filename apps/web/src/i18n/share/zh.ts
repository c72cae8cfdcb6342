import type { Catalogue } from '../catalogue.ts';

/** share: zh strings, the same keys as ./en.ts. */
export const share: Catalogue['share'] = {};

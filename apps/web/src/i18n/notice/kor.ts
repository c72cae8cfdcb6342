import type { Catalogue } from '../catalogue.ts';

/** notice: kor strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {};

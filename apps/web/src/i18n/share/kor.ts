import type { Catalogue } from '../catalogue.ts';

/** share: kor strings, the same keys as ./en.ts. */
export const share: Catalogue['share'] = {};

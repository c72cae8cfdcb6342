import type { Catalogue } from '../catalogue.ts';

/** content: kor strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {};

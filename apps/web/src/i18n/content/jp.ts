import type { Catalogue } from '../catalogue.ts';

/** content: jp strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {};

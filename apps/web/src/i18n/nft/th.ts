import type { Catalogue } from '../catalogue.ts';

/** nft: th strings, the same keys as ./en.ts. */
export const nft: Catalogue['nft'] = {};

/** Back office, NFT marketplace: English and Chinese strings with the same keys. */
export const nftEn = {
  'menu.nft': 'NFT marketplace',
} as const;

export const nftZh: Record<keyof typeof nftEn, string> = {
  'menu.nft': 'NFT市场',
};

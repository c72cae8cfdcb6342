// SKELETON: replaced by its part.
export async function nftLoader() {
  return null;
}

export function NftPage() {
  return null;
}

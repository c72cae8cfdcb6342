// SKELETON: replaced by the mining back office (issue 11).
export async function miningLoader() {
  return null;
}

export function MiningPage() {
  return null;
}

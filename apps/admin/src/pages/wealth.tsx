// SKELETON: replaced by the wealth back office (issue 11).
export async function wealthLoader() {
  return null;
}

export function WealthPage() {
  return null;
}

// SKELETON: replaced by the invest back office (issue 11).
export async function investLoader() {
  return null;
}

export function InvestPage() {
  return null;
}

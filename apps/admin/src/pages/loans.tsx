// SKELETON: replaced by its part.
export async function loansLoader() {
  return null;
}

export function LoansPage() {
  return null;
}

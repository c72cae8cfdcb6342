// SKELETON: replaced by its part of issue 12.
export async function referralsLoader() {
  return null;
}

export function ReferralsPage() {
  return null;
}

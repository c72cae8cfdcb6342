// SKELETON: replaced by its part of issue 12.
export async function couponsLoader() {
  return null;
}

export function CouponsPage() {
  return null;
}

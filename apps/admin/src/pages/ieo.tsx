// SKELETON: replaced by the ieo back office (issue 11).
export async function ieoLoader() {
  return null;
}

export function IeoPage() {
  return null;
}

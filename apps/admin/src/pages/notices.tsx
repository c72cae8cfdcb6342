// SKELETON: replaced by its part of issue 12.
export async function noticesLoader() {
  return null;
}

export function NoticesPage() {
  return null;
}

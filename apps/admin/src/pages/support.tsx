// SKELETON: replaced by its part of issue 12.
export async function supportLoader() {
  return null;
}

export function SupportPage() {
  return null;
}

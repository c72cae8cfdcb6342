// SKELETON: replaced by its part of issue 12.
export async function contentLoader() {
  return null;
}

export function ContentPage() {
  return null;
}

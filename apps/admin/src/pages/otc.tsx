// SKELETON: replaced by its part.
export async function otcLoader() {
  return null;
}

export function OtcPage() {
  return null;
}

/** What a user keeps uploaded at once: files and their bytes (named limits in limits.ts). */
export type UploadQuota = { filesMax: number; bytesMax: number };
export type UploadUsage = { files: number; bytes: number };

/** Whether one more file of `bytes` fits: the files and bytes kept with it stay within both maxima. */
export function fitsUploadQuota(usage: UploadUsage, bytes: number, quota: UploadQuota): boolean {
  return usage.files + 1 <= quota.filesMax && usage.bytes + bytes <= quota.bytesMax;
}

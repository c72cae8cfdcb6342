/** Crypto-backed loans (/pages/common/borrowing): input schemas and answer shapes. SKELETON: filled by its part. */
export {};

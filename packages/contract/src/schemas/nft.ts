/** The NFT marketplace (/bind_box/*): input schemas and answer shapes. SKELETON: filled by its part. */
export {};

/** OTC and quick buy (/pages/otc/otc): input schemas and answer shapes. SKELETON: filled by its part. */
export {};

/** Notifications (settings) and system notices: input schemas and answer shapes. SKELETON: filled by its part of issue 12. */
export {};

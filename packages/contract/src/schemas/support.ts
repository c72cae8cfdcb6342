/** Customer service (/pages/kefu/index): threads between a user and the operators: input schemas and answer shapes. SKELETON: filled by its part of issue 12. */
export {};

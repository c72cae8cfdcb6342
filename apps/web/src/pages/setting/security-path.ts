/** Where the password forms return to, and where identity verification sends a user with nothing bound. */
export const SECURITY_PATH = '/pages/setting/security';

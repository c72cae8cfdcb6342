/** Where customer service opens (the settings entry, the contact page and the deposit notice lead here). */
export const KEFU_PATH = '/pages/kefu/index';

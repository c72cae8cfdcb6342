/**
 * The notification list has no route of its own in the spec (settings reaches it): it is a sheet over
 * /pages/setting/setting, kept in the query string so a link opens it and Back closes it.
 */
export const NOTICES_PARAM = 'notices';
export const NOTICES_PATH = `/pages/setting/setting?${NOTICES_PARAM}=1`;

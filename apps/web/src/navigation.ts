/**
 * Navigation for code that runs outside React (the api client, the login gate's timer). The router
 * installs itself at start-up; before that, and in tests without a router, the hash is set directly.
 */
type Navigate = (path: string) => void;

const setHash: Navigate = (path) => {
  window.location.hash = path;
};
let navigator: Navigate = setHash;

export function setNavigator(navigate: Navigate | null) {
  navigator = navigate ?? setHash;
}

export const navigateTo = (path: string) => navigator(path);

export const LOGIN_PATH = '/pages/common/login';
export const REAL_NAME_PATH = '/pages/setting/real_mark';
export const HOME_PATH = '/';

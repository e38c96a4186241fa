/**
 * The ★ ウォッチ button, fetched on first use by the search results and the company page (it is not
 * in their first load). Its own module, so the dynamic import loads the button only, not the
 * feature's face with its schemas.
 */
export const loadWatchButton = () => import('../components/watch-button').then((m) => ({ default: m.WatchButton }));

/**
 * 「この法人をウォッチ」 pressed while logged out (docs/decisions/0050): the login (or registration)
 * link's `nextPage` is the page with `?watch=<法人番号>`; the login page says why it is shown, and
 * back on the page the button with that number adds the company once — with the CSRF'd POST, never
 * by the GET itself — and takes the parameter out of the address. Isomorphic and zod-free (the
 * login page's and the record page's first load); the one owner of the parameter's name.
 */

export const WATCH_INTENT_PARAM = 'watch';

/** A page path with the intent to watch `corporateNumber` added to its query. */
export function withWatchIntent(path: string, corporateNumber: string): string {
  const url = new URL(path, 'https://watch-intent.invalid');
  url.searchParams.set(WATCH_INTENT_PARAM, corporateNumber);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The 法人番号 a destination asks to watch, or null. */
export function watchIntentOf(path: string | null): string | null {
  if (path === null) return null;
  try {
    const value = new URL(path, 'https://watch-intent.invalid').searchParams.get(WATCH_INTENT_PARAM);
    return value && /^\d{13}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * In the browser: true once when the current address asks to watch `corporateNumber`; the
 * parameter is removed from the address at once (a reload or the back button does not add again).
 */
export function takeWatchIntent(corporateNumber: string): boolean {
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (watchIntentOf(here) !== corporateNumber) return false;
  const url = new URL(window.location.href);
  url.searchParams.delete(WATCH_INTENT_PARAM);
  // Next's router keeps its own state in history.state (the purchase flow passes it on too):
  // replacing it with null would make a later back/forward a full reload.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}

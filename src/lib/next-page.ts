/**
 * Where a visitor goes after logging in or registering (`?nextPage=` of /login and /register, and
 * of the Google sign-in start), and the login URLs that carry it. The one place that decides which
 * destinations are honoured (docs/decisions/0022): the login and registration pages, the Google
 * sign-in routes, the protected-page guard and the API client all go through here. Isomorphic and
 * zod-free, so client components can use it without zod in their first load.
 */

/** Where a login without a (usable) destination continues: the search, the service's start. */
export const DEFAULT_NEXT_PAGE = '/search';

export const NEXT_PAGE_MAX_LENGTH = 512;

/**
 * Pages that make no sense as a destination after logging in: the login and registration steps
 * themselves (a loop) and the API (a JSON answer, not a page).
 */
const NOT_A_DESTINATION = /^\/(?:login|register|temporary-auth|password-reset|api)(?:[/?#]|$)/;

/** Any origin: only used to check that a path stays on it. */
const PROBE_ORIGIN = 'https://next-page.invalid';

/**
 * `nextPage` is honoured only for a same-site page path (an open redirect otherwise): one leading
 * `/`, no `//` or backslash (which browsers treat as another host), no control characters, at
 * most 512 characters, still on this site once a URL parser has read it, and not a login or
 * registration step or an API path.
 */
export function isSafeNextPage(value: unknown): value is string {
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length > NEXT_PAGE_MAX_LENGTH ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\') ||
    /[\u0000-\u001f\u007f]/.test(value)
  ) {
    return false;
  }
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return false;
  }
  if (url.origin !== PROBE_ORIGIN) return false;
  return !NOT_A_DESTINATION.test(url.pathname);
}

export function safeNextPage(value: unknown, fallback = DEFAULT_NEXT_PAGE): string {
  return isSafeNextPage(value) ? value : fallback;
}

/** The destination if one was given and is safe; null when there is none (or it is refused). */
export function nextPageOrNull(value: unknown): string | null {
  return isSafeNextPage(value) ? value : null;
}

/**
 * The login page for a visitor who must log in first. `expired` only when a login really ended
 * (the stored expiry passed, or the server answered 401): a visitor who never logged in is not
 * told that their login expired.
 */
/** `/login?…&passwordChanged=true`: with `expired=true` (spec §8), why the login ended. */
export const PASSWORD_CHANGED_PARAM = 'passwordChanged';

/** `/login?…&loggedOutElsewhere=true`: the login ended by a logout in another tab of this browser (issue 24). */
export const LOGGED_OUT_ELSEWHERE_PARAM = 'loggedOutElsewhere';

export function loginPath({
  nextPage,
  expired = false,
  passwordChanged = false,
  loggedOutElsewhere = false,
}: { nextPage?: string | null; expired?: boolean; passwordChanged?: boolean; loggedOutElsewhere?: boolean } = {}): string {
  const params = new URLSearchParams();
  const destination = nextPageOrNull(nextPage);
  if (destination !== null) params.set('nextPage', destination);
  if (expired) params.set('expired', 'true');
  if (loggedOutElsewhere) params.set(LOGGED_OUT_ELSEWHERE_PARAM, 'true');
  // The login ended because the password was changed (a 401 `password_changed`): said so on the page.
  if (expired && passwordChanged) params.set(PASSWORD_CHANGED_PARAM, 'true');
  const query = params.toString();
  return query === '' ? '/login' : `/login?${query}`;
}

/**
 * Pages the header's ログイン / 会員登録 do not send a visitor back to, besides the login,
 * registration and reset steps (and their completion pages) refused above: the purchase's
 * completion page (a one-time result; it stays an honoured destination for the 3-D Secure return,
 * decision 0022) and the watch-list unsubscribe page (its signed token would travel on in the
 * URL). The back office has its own shell without this header. Kept short: the header is on
 * every page (issue 13, page weight).
 */
const NOT_RETURNED_TO = /^\/(purchase\/completion|watch\/unsubscribe)(\/|$)/;

/**
 * Where the header's ログイン / 会員登録 return to: the page the visitor is on (`pathname` and the
 * query without its `?`, as useSearchParams gives it), or null where returning makes no sense. On
 * a page that is no destination itself (/login, /register, the reset steps) it is that page's own
 * `nextPage`: a visitor sent to log in by the order button who then takes the header's 会員登録
 * (the most visible one) still lands on the chosen company's select step afterwards.
 */
export function returnHere(pathname: string, search = ''): string | null {
  if (NOT_RETURNED_TO.test(pathname)) return null;
  return nextPageOrNull(search ? `${pathname}?${search}` : pathname) ?? nextPageOrNull(new URLSearchParams(search).get('nextPage'));
}

/** The same for registration, so the destination survives the e-mail code step. */
export function registerPath(nextPage?: string | null): string {
  const destination = nextPageOrNull(nextPage);
  return destination === null ? '/register' : `/register?nextPage=${encodeURIComponent(destination)}`;
}

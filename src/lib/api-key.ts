/**
 * An SWR key that carries the type of its answer (docs/decisions/0030). At run time it is the
 * path string the SWR fetcher (`swrFetcher`, src/lib/api-client.ts) sends as GET; the type
 * parameter exists only for the compiler, so `useApi(key)` answers the endpoint's type without the
 * component naming it. Built only by a feature's client API module (`<feature>/client/api.ts`).
 */
export type ApiKey<T> = string & { readonly __answer?: T };

/** A path as the typed key of its answer. */
export function apiKey<T>(path: string): ApiKey<T> {
  return path as ApiKey<T>;
}

/** `path?query`, leaving out empty values (as `apiFetch`'s `query` option does). */
export function withQuery(path: string, query: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * An SWR key that carries the type of its answer (docs/decisions/0030). At run time it is the
 * path string the SWR fetcher (`swrFetcher`, src/lib/api-client.ts) sends as GET; the type
 * parameter exists only for the compiler (a plain string is assignable to it, so a key function
 * returns its path as is), and `useApi(key)` answers the endpoint's type without the component
 * naming it. Built only by a feature's client API module (`<feature>/client/api.ts`). Type-only:
 * nothing of it reaches the bundle (the purchase pages sit at their 160 KiB budget, 0021).
 */
export type ApiKey<T> = string & { readonly __answer?: T };

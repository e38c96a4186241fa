import 'server-only';

/**
 * What the route wrapper and the auth modes read of a request. Next's `NextRequest` is one (the
 * pages' /api/* routes); the public API's lean path makes one straight from Node's request
 * (node-io.ts) so that an API call does not pay for building web objects it does not read.
 */
export interface RouteRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null; has(name: string): boolean };
  readonly nextUrl: { readonly pathname: string; readonly searchParams: URLSearchParams; readonly protocol: string };
  readonly cookies: { get(name: string): { value: string } | undefined };
  readonly body: ReadableStream<Uint8Array> | null;
}

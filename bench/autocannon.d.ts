// The part of autocannon 8 that bench/registry-http.ts uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests per second over all connections (default: as fast as possible). */
    overallRate?: number;
    requests?: (RawRequest & { setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest })[];
  }
  interface Result {
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  type Instance = EventEmitter & PromiseLike<Result>;
  function autocannon(options: Options): Instance;
  export default autocannon;
}

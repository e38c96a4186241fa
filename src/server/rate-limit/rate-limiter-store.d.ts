// rate-limiter-flexible exports its store base class in its typings but not from its entry point;
// the class itself lives at this path (a public file of the package, no "exports" map).
declare module 'rate-limiter-flexible/lib/RateLimiterStoreAbstract' {
  import { RateLimiterStoreAbstract } from 'rate-limiter-flexible';
  export = RateLimiterStoreAbstract;
}

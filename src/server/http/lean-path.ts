import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The lean path's meeting point (issue 26 §5, docs/decisions/0098). server.ts runs outside Next's
 * bundle and must not load the features' server modules itself (they would be a second copy of
 * the configuration, database handle and registry, and they refuse to load outside the
 * react-server condition). So the public API's router is built inside Next's server bundle, at
 * start (instrumentation-node.ts), and handed over here on globalThis; server.ts asks for it per
 * request. No server-only import: server.ts loads this module.
 */

export type LeanListener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

interface LeanPath {
  /** whether the lean router serves this request URL (its paths are its own to say) */
  serves: (url: string | undefined) => boolean;
  listener: LeanListener;
  /** writes what is counted in memory (the API's usage) before the process exits */
  close: () => Promise<void>;
}

const key = Symbol.for('hojin.leanPath');
type WithLean = typeof globalThis & { [key]?: LeanPath };

export function registerLeanPath(lean: LeanPath): void {
  (globalThis as WithLean)[key] = lean;
}

export function leanPath(): LeanPath | undefined {
  return (globalThis as WithLean)[key];
}

import { createContext, createElement, startTransition, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { SWRConfiguration, SWRResponse } from 'swr';

/**
 * SWR's runtime as `useApi` sees it (src/lib/use-api.ts, docs/decisions/0047, 0049): installed by
 * swr-runtime.tsx once it is loaded (after hydration), and `ApiHost`, which renders the `useSWR`
 * calls of the components that mounted before it arrived. A module of its own, without the rest of
 * use-api.ts: `ApiHost` is in the root layout, so in every page's first load.
 */

/** What swr-runtime.tsx installs when it is loaded. */
export interface ApiRuntime {
  /** `useSWR` with the spec's defaults under the call's options. */
  useSWR(key: string | null, config: SWRConfiguration): SWRResponse<unknown, unknown>;
  /** SWR's global `mutate` (the default cache every call uses). */
  mutate(key: string, ...args: unknown[]): Promise<unknown>;
  /** Renders the bridged components' `useSWR` calls (nothing on the screen). */
  Host: ComponentType;
}

type Listener = () => void;

let runtime: ApiRuntime | null = null;
const runtimeListeners = new Set<Listener>();

export const currentApiRuntime = (): ApiRuntime | null => runtime;

/** Called by swr-runtime.tsx when it is evaluated. */
export function installApiRuntime(value: ApiRuntime): void {
  runtime = value;
  for (const listener of runtimeListeners) listener();
}

function subscribeRuntime(listener: Listener): () => void {
  runtimeListeners.add(listener);
  return () => runtimeListeners.delete(listener);
}

/** True under an `ApiHost`: a bridged call there is answered. */
export const ApiHostContext = createContext(false);

/**
 * Where the bridged components' `useSWR` calls run once SWR's module is there: once, around every
 * page (the root layout), so no page can forget it. It renders the calls after its children (a
 * later sibling: the page's effects run first) and draws nothing of its own. A second one inside
 * it adds nothing (each call is rendered once).
 */
export function ApiHost({ children }: { children?: ReactNode }): ReactNode {
  const outer = useContext(ApiHostContext);
  // Not useSyncExternalStore: its updates are always synchronous, so the runtime's arrival would
  // render every bridged call (and the answers they publish) in the task that evaluates SWR's
  // chunk. A transition lets React render it in slices (docs/decisions/0053).
  const [host, setHost] = useState<ComponentType | null>(() => runtime?.Host ?? null);
  useEffect(() => {
    if (outer) return;
    const show = () => startTransition(() => setHost(() => runtime?.Host ?? null));
    show();
    return subscribeRuntime(show);
  }, [outer]);
  if (outer) return children;
  return createElement(ApiHostContext.Provider, { value: true }, children, host ? createElement(host) : null);
}

import { startTransition, use, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { SWRConfiguration, SWRResponse } from 'swr';

import type { ApiKey } from './api-key';
import { ApiHostContext, currentApiRuntime, type ApiRuntime } from './api-runtime';
import { readSlots, setSlots } from './api-slots';

export { ApiHost, type ApiRuntime } from './api-runtime';

/**
 * `useSWR` for a typed key of a feature's client API module: the answer's type comes from the key
 * (docs/decisions/0030). `null` fetches nothing. Every call gets the SWR defaults of spec §9
 * (src/lib/swr-defaults.ts) with the call's own options on top.
 *
 * SWR itself is not in the first load of any page (docs/decisions/0047): its module
 * (`swr-runtime.tsx`) is imported after hydration, when the first component that uses this hook
 * has mounted. A component therefore reads its answer one of two ways, fixed for its lifetime
 * (so the same hooks run on every render):
 *
 * - **bridged** — mounted before SWR's module was there (the first page a visitor opens, rendered
 *   on the server and hydrated): it shows what SWR shows before its first answer (the call's
 *   `fallbackData`, `isLoading`/`isValidating` as SWR sets them on mount) until the module has
 *   arrived; from then on a `useSWR` call of its own, rendered by `ApiHost`, answers it
 *   (same cache, same defaults, same revalidation) and its `mutate` is that call's;
 * - **direct** — mounted once SWR's module is there (the next purchase step, a later page): it is
 *   `useSWR`, exactly as before, and reads SWR's cache in its first render.
 *
 * A bridged call is answered only under an `ApiHost`: there is one around every page (the root
 * layout). A component mounted in the browser outside one (a component test, a root of its own)
 * would wait forever: it waits for SWR's module instead (`use`: it suspends) and is then direct
 * (docs/decisions/0049).
 */
export function useApi<T, E = unknown>(key: ApiKey<T> | null, config?: SWRConfiguration<T, E>): SWRResponse<T, E> {
  const hosted = useContext(ApiHostContext);
  // Only for a component mounted in the browser (not rendered on the server or hydrated: the
  // server's snapshot), and then on each of its renders, so React sees the same `use` every time.
  const serverSnapshot = useSyncExternalStore(noSubscription, clientSide, serverSide);
  const [mountedInBrowser] = useState(!serverSnapshot);
  if (!hosted && mountedInBrowser) use(loadApiRuntime());
  const [direct] = useState(() => currentApiRuntime() !== null);
  // `direct` never changes for a mounted component, so it runs the same hooks on every render.
  /* eslint-disable react-hooks/rules-of-hooks */
  if (direct) return (currentApiRuntime() as ApiRuntime).useSWR(key, (config ?? {}) as SWRConfiguration) as SWRResponse<T, E>;
  return useBridged(key, (config ?? {}) as SWRConfiguration) as SWRResponse<T, E>;
  /* eslint-enable react-hooks/rules-of-hooks */
}

let loading: Promise<ApiRuntime> | null = null;

const noSubscription = () => () => undefined;
const clientSide = () => false;
const serverSide = () => true;

/**
 * SWR's module, imported once (after hydration: the first bridged component's mount effect). One
 * promise for good, marked as settled the way React's `use` reads it, so a component that waits
 * for it once it has arrived renders at once.
 */
export function loadApiRuntime(): Promise<ApiRuntime> {
  if (loading) return loading;
  const runtime = currentApiRuntime();
  const promise = (
    runtime ? Promise.resolve(runtime) : import('./swr-runtime').then(() => currentApiRuntime() as ApiRuntime)
  ) as Promise<ApiRuntime> & {
    status?: string;
    value?: ApiRuntime;
  };
  if (runtime) Object.assign(promise, { status: 'fulfilled', value: runtime });
  else void promise.then((value) => Object.assign(promise, { status: 'fulfilled', value }));
  loading = promise;
  return promise;
}

type Listener = () => void;

/** One bridged `useApi` call: its key and options, and the answer its `useSWR` call last gave. */
export class ApiSlot {
  private static next = 0;
  readonly id = ++ApiSlot.next;
  private listeners = new Set<Listener>();
  /** The runtime's component for this slot, rendered again with a new key. */
  private keyListener: Listener | null = null;
  snapshot: SWRResponse<unknown, unknown>;
  /** The key `snapshot` is the answer for. */
  snapshotKey: string | null;

  constructor(
    public key: string | null,
    public config: SWRConfiguration,
  ) {
    this.snapshotKey = key;
    this.snapshot = {
      data: config.fallbackData,
      error: undefined,
      isLoading: initialValidating(key, config),
      isValidating: initialValidating(key, config),
      mutate: (...args: unknown[]) => loadApiRuntime().then((rt) => (this.key === null ? undefined : rt.mutate(this.key, ...args))),
    } as SWRResponse<unknown, unknown>;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  read = (): SWRResponse<unknown, unknown> => this.snapshot;

  update(key: string | null, config: SWRConfiguration): void {
    const changed = key !== this.key;
    this.key = key;
    this.config = config;
    if (changed) this.keyListener?.();
  }

  /**
   * Called by the runtime's component for this slot with the key it rendered; answers its clean-up.
   * The component's own effects run after those of the component it answers (a later sibling), so
   * a key changed in between is reported at once.
   */
  onKeyChange(listener: Listener, renderedKey: string | null): () => void {
    this.keyListener = listener;
    if (renderedKey !== this.key) listener();
    return () => {
      if (this.keyListener === listener) this.keyListener = null;
    };
  }

  /** The runtime's component for this slot, when what it answers changed (a layout effect). */
  publish(key: string | null, next: SWRResponse<unknown, unknown>): void {
    this.snapshotKey = key;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

/** What SWR reports before its first answer (its `defaultValidatingState` on mount). */
function initialValidating(key: string | null, config: SWRConfiguration): boolean {
  if (key === null) return false;
  if (config.revalidateOnMount !== undefined) return config.revalidateOnMount;
  return config.fallbackData === undefined || config.revalidateIfStale !== false;
}

function useBridged(key: string | null, config: SWRConfiguration): SWRResponse<unknown, unknown> {
  const [slot] = useState(() => new ApiSlot(key, config));
  useEffect(() => {
    slot.update(key, config);
  });
  useEffect(() => {
    setSlots([...readSlots(), slot]);
    void loadApiRuntime();
    return () => setSlots(readSlots().filter((s) => s !== slot));
  }, [slot]);
  // The answers reach the component in a transition (not useSyncExternalStore, whose updates are
  // always synchronous): an answer re-renders the whole step (the price, the last order), which
  // React then renders in slices between other work (docs/decisions/0053). The answer is kept with
  // the key it answers, so a key changed meanwhile is never shown another key's answer.
  const [{ answer, answeredKey }, setAnswer] = useState(() => ({ answer: slot.read(), answeredKey: slot.snapshotKey }));
  useEffect(() => {
    const take = () => startTransition(() => setAnswer({ answer: slot.read(), answeredKey: slot.snapshotKey }));
    // (an answer published between this render and this effect)
    if (slot.read() !== answer) take();
    return slot.subscribe(take);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slot]);
  if (answeredKey === key) return answer;
  // The key has just changed and the runtime's call has not answered for it yet (one commit): as
  // `useSWR` renders a changed key before its effect starts the request — no error of the previous
  // key, its data only as `keepPreviousData` (the spec's default) keeps it, not yet validating.
  const keep = key !== null && (config.keepPreviousData ?? true);
  return { ...answer, data: keep ? answer.data : undefined, error: undefined, isLoading: false, isValidating: false };
}

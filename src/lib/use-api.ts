import { createElement, startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { SWRConfiguration, SWRResponse } from 'swr';

import type { ApiKey } from './api-key';

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
 */
export function useApi<T, E = unknown>(key: ApiKey<T> | null, config?: SWRConfiguration<T, E>): SWRResponse<T, E> {
  const [direct] = useState(() => runtime !== null);
  // `direct` never changes for a mounted component, so it runs the same hooks on every render.
  /* eslint-disable react-hooks/rules-of-hooks */
  if (direct) return (runtime as ApiRuntime).useSWR(key, (config ?? {}) as SWRConfiguration) as SWRResponse<T, E>;
  return useBridged(key, (config ?? {}) as SWRConfiguration) as SWRResponse<T, E>;
  /* eslint-enable react-hooks/rules-of-hooks */
}

/** What swr-runtime.tsx installs when it is loaded. */
export interface ApiRuntime {
  /** `useSWR` with the spec's defaults under the call's options. */
  useSWR(key: string | null, config: SWRConfiguration): SWRResponse<unknown, unknown>;
  /** SWR's global `mutate` (the default cache every call uses). */
  mutate(key: string, ...args: unknown[]): Promise<unknown>;
  /** Renders the bridged components' `useSWR` calls (nothing on the screen). */
  Host: ComponentType;
}

let runtime: ApiRuntime | null = null;
let loading: Promise<ApiRuntime> | null = null;
const runtimeListeners = new Set<Listener>();

/** Called by swr-runtime.tsx when it is evaluated. */
export function installApiRuntime(value: ApiRuntime): void {
  runtime = value;
  for (const listener of runtimeListeners) listener();
}

function subscribeRuntime(listener: Listener): () => void {
  runtimeListeners.add(listener);
  return () => runtimeListeners.delete(listener);
}

/**
 * Where the bridged components' `useSWR` calls run once SWR's module is there: placed once in each
 * layout or page whose components use `useApi` (the member layout, /search). Draws nothing.
 */
export function ApiHost(): ReactNode {
  // Not useSyncExternalStore: its updates are always synchronous, so the runtime's arrival would
  // render every bridged call (and the answers they publish) in the task that evaluates SWR's
  // chunk. A transition lets React render it in slices (docs/decisions/0053).
  const [host, setHost] = useState<ComponentType | null>(() => runtime?.Host ?? null);
  useEffect(() => {
    const show = () => startTransition(() => setHost(() => runtime?.Host ?? null));
    show();
    return subscribeRuntime(show);
  }, []);
  return host ? createElement(host) : null;
}

/** SWR's module, imported once (after hydration: the first bridged component's mount effect). */
export function loadApiRuntime(): Promise<ApiRuntime> {
  if (runtime) return Promise.resolve(runtime);
  loading ??= import('./swr-runtime').then(() => runtime as ApiRuntime);
  return loading;
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

let slots: readonly ApiSlot[] = [];
const slotListeners = new Set<Listener>();

/** The bridged calls now mounted, for the runtime's `Host`. */
export function subscribeSlots(listener: Listener): () => void {
  slotListeners.add(listener);
  return () => slotListeners.delete(listener);
}
export const readSlots = (): readonly ApiSlot[] => slots;

function setSlots(next: readonly ApiSlot[]): void {
  slots = next;
  for (const listener of slotListeners) listener();
}

function useBridged(key: string | null, config: SWRConfiguration): SWRResponse<unknown, unknown> {
  const [slot] = useState(() => new ApiSlot(key, config));
  useEffect(() => {
    slot.update(key, config);
  });
  useEffect(() => {
    setSlots([...slots, slot]);
    void loadApiRuntime();
    return () => setSlots(slots.filter((s) => s !== slot));
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

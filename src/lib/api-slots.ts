import type { ApiSlot } from './use-api';

/**
 * The bridged `useApi` calls now mounted (src/lib/use-api.ts): written by use-api.ts, read by
 * SWR's runtime (swr-runtime.tsx) for its `Host`. A module of its own so that the runtime, which
 * use-api.ts imports lazily, does not import use-api.ts back (no import cycle: docs/decisions/0070).
 */

type Listener = () => void;

let slots: readonly ApiSlot[] = [];
const slotListeners = new Set<Listener>();

/** The bridged calls now mounted, for the runtime's `Host`. */
export function subscribeSlots(listener: Listener): () => void {
  slotListeners.add(listener);
  return () => slotListeners.delete(listener);
}
export const readSlots = (): readonly ApiSlot[] => slots;

export function setSlots(next: readonly ApiSlot[]): void {
  slots = next;
  for (const listener of slotListeners) listener();
}

'use client';

import { useEffect, useLayoutEffect, useReducer, useSyncExternalStore } from 'react';
import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from 'swr';

// The API client's requests ride with SWR: its first fetch needs no second download.
import './api-transport';
import { swrDefaults } from './swr-defaults';
import { installApiRuntime } from './api-runtime';
import { readSlots, subscribeSlots } from './api-slots';
import type { ApiSlot } from './use-api';

/**
 * SWR for `useApi` (src/lib/use-api.ts), loaded after hydration (docs/decisions/0047). Every call
 * gets the spec's defaults (§9) under its own options. The components that mounted before this
 * module arrived are answered by a `useSWR` call each, rendered by `Host` (placed by `ApiHost` of
 * use-api.ts in the member layout and the search page; it draws nothing), which hands each answer
 * to its component.
 */
function useApiSWR(key: string | null, config: SWRConfiguration): SWRResponse<unknown, unknown> {
  return useSWR(key, { ...swrDefaults(), ...config });
}

function Bridge({ slot }: { slot: ApiSlot }) {
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  const key = slot.key;
  useEffect(() => slot.onKeyChange(renderAgain, key), [slot, key]);
  // Reading every field subscribes this call to each of them (SWR renders only for fields read).
  const { data, error, isLoading, isValidating, mutate: bound } = useApiSWR(key, slot.config);
  useLayoutEffect(() => {
    slot.publish(key, { data, error, isLoading, isValidating, mutate: bound });
  }, [slot, key, data, error, isLoading, isValidating, bound]);
  return null;
}

function Host() {
  const slots = useSyncExternalStore(subscribeSlots, readSlots, readSlots);
  return slots.map((slot) => <Bridge key={slot.id} slot={slot} />);
}

installApiRuntime({
  useSWR: useApiSWR,
  mutate: (key, ...args) => mutate(key, ...(args as [])),
  Host,
});

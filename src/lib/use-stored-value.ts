'use client';

import { useSyncExternalStore } from 'react';

import type { StoredValue } from './browser-storage';

const NOT_READ_YET = () => undefined;

/**
 * The stored value for a component: `undefined` while it cannot be known (the server render and
 * hydration — the server has no browser storage), then the value or null, kept current by writes
 * in this tab and other tabs.
 */
export function useStoredValue<T>(stored: StoredValue<T>): T | null | undefined {
  return useSyncExternalStore<T | null | undefined>(stored.subscribe, stored.read, NOT_READ_YET);
}

const neverChanges = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** False on the server render and during hydration, true from then on (values read from the browser). */
export function useHydrated(): boolean {
  return useSyncExternalStore(neverChanges, inBrowser, onServer);
}

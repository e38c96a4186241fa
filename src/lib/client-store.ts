'use client';

import { useSyncExternalStore } from 'react';

import { jsonValue } from './browser-storage';
import { APP_STORAGE_KEYS } from './app-storage-keys';

/**
 * The client state of the spec (§3), with the spec's field names, each piece resettable to its
 * initial value (§4). Kept in sessionStorage so a reload or the back button in the middle of the
 * purchase flow keeps what the member entered; a card token is never persisted (it is single-use
 * and short-lived), so after a reload the card is entered again.
 */
export interface PurchaseItemInput {
  itemId: string;
  quantity: number;
}

export interface ScheduledDateMaster {
  normalStartDate: string;
  normalEndDate: string;
  expressStartDate: string;
  expressEndDate: string;
}

export interface PurchaseItemData {
  userInput: PurchaseItemInput[];
  scheduledDateMaster: ScheduledDateMaster;
  isFirstPayPrice: boolean;
  /** 'normal' | 'express' — the chosen delivery speed (not named by the spec). */
  deliverySpeed: 'normal' | 'express';
}

export interface Destination {
  recipient: string;
  destinationZipCode: string;
  destinationPrefecture: string;
  destinationCity: string;
  destinationStreet: string;
  destinationApartmentEtc: string;
  receiptRecipient: string;
}

export interface ExpDate {
  year: number | null;
  month: number | null;
}

export interface NewCard {
  expDate: ExpDate;
  isSelected: boolean;
  last4: string;
  brand: string;
  token: string;
  cardName: string;
}

export interface RegisteredCard {
  id: string;
  brand: string;
  expDate: ExpDate;
  last4: string;
  isSelected: boolean;
  cardName: string;
}

export interface NewPaymentHistory {
  paymentId: string;
}

export interface Flags {
  isDemoUser: boolean;
  isGoogleUser: boolean;
  isAgreement: boolean;
}

export interface ClientState {
  purchaseItemData: PurchaseItemData;
  destination: Destination;
  newCard: NewCard;
  registeredCard: RegisteredCard;
  newPaymentHistory: NewPaymentHistory;
  flags: Flags;
}

export const INITIAL_STATE: ClientState = {
  purchaseItemData: {
    userInput: [],
    scheduledDateMaster: { normalStartDate: '', normalEndDate: '', expressStartDate: '', expressEndDate: '' },
    isFirstPayPrice: false,
    deliverySpeed: 'normal',
  },
  destination: {
    recipient: '',
    destinationZipCode: '',
    destinationPrefecture: '',
    destinationCity: '',
    destinationStreet: '',
    destinationApartmentEtc: '',
    receiptRecipient: '',
  },
  newCard: { expDate: { year: null, month: null }, isSelected: false, last4: '', brand: '', token: '', cardName: '' },
  registeredCard: { id: '', brand: '', expDate: { year: null, month: null }, last4: '', isSelected: false, cardName: '' },
  newPaymentHistory: { paymentId: '' },
  // spec §3: all false by default
  flags: { isDemoUser: false, isGoogleUser: false, isAgreement: false },
};

export type StatePiece = keyof ClientState;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What this tab saved: each piece is taken back field by field over its initial value (a piece
 * that is missing or not an object stays initial), so a state saved by an older version still loads.
 */
const storedState = jsonValue('session', APP_STORAGE_KEYS.clientState, isRecord);

let state: ClientState = INITIAL_STATE;
let loaded = false;
const listeners = new Set<() => void>();

function load(): void {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  const saved = storedState.read();
  if (saved === null) return;
  state = { ...INITIAL_STATE };
  for (const key of Object.keys(INITIAL_STATE) as StatePiece[]) {
    const piece = saved[key];
    if (isRecord(piece)) state = { ...state, [key]: { ...INITIAL_STATE[key], ...piece } };
  }
}

function persist(): void {
  const { newCard, ...rest } = state;
  // storage unavailable: the state lives for this page view only
  storedState.write({ ...rest, newCard: { ...newCard, token: '' } });
  for (const l of listeners) l();
}

export function getClientState(): ClientState {
  load();
  return state;
}

export function setPiece<K extends StatePiece>(key: K, value: ClientState[K] | ((prev: ClientState[K]) => ClientState[K])): void {
  load();
  const next = typeof value === 'function' ? (value as (p: ClientState[K]) => ClientState[K])(state[key]) : value;
  state = { ...state, [key]: next };
  persist();
}

/** Resets one piece to its initial value (spec §4). */
export function resetPiece(key: StatePiece): void {
  setPiece(key, INITIAL_STATE[key]);
}

export function resetAll(): void {
  load();
  state = INITIAL_STATE;
  persist();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads one piece and re-renders when it changes. */
export function useClientState<K extends StatePiece>(key: K): ClientState[K] {
  return useSyncExternalStore(
    subscribe,
    () => getClientState()[key],
    () => INITIAL_STATE[key],
  );
}

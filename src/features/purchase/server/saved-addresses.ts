import 'server-only';

import { and, desc, eq, notInArray, sql } from 'drizzle-orm';

import { savedAddresses } from '@db/schema';
import { lockMember } from '@/features/accounts/index.server';
import type { Destination } from '@/features/orders';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';

import { SAVED_ADDRESS_LIMIT } from '../rules';

/**
 * A member's saved delivery addresses (issue 24 §4, docs/decisions/0063): the destination of each
 * order the member confirmed is remembered (createOrder), at most SAVED_ADDRESS_LIMIT, the least
 * recently used dropped; the recipient step offers them (rendered by the server page, no code in
 * the step's first load) and マイページ edits and deletes them. The values are the order API's
 * (DestinationSchema: normalised, 郵便番号 as 7 digits), so a saved address fills the form with
 * what an order accepts. Never for the shared demo account, whose visitors must not see each
 * other's addresses.
 */
export interface SavedAddress extends Destination {
  id: string;
}

const COLUMNS = {
  id: savedAddresses.id,
  recipient: savedAddresses.recipient,
  destinationZipCode: savedAddresses.zipCode,
  destinationPrefecture: savedAddresses.prefecture,
  destinationCity: savedAddresses.city,
  destinationStreet: savedAddresses.street,
  destinationApartmentEtc: savedAddresses.apartmentEtc,
  receiptRecipient: savedAddresses.receiptRecipient,
};

function values(d: Destination) {
  return {
    recipient: d.recipient,
    zipCode: d.destinationZipCode,
    prefecture: d.destinationPrefecture,
    city: d.destinationCity,
    street: d.destinationStreet,
    apartmentEtc: d.destinationApartmentEtc,
    receiptRecipient: d.receiptRecipient,
  };
}

export const SAVED_ADDRESS_ERRORS = {
  notFound: () => new AppError('not_found', { message: 'このお届け先は見つかりませんでした。ページを再読み込みしてください。' }),
  duplicate: () => new AppError('address_exists', { status: 409, message: '同じお届け先がすでに保存されています。' }),
};

/** The member's saved addresses, the most recently used first. */
export async function listSavedAddresses(userId: string): Promise<SavedAddress[]> {
  const db = await getDb();
  return db
    .select(COLUMNS)
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.lastUsedAt), desc(savedAddresses.createdAt));
}

/**
 * Remembers the destination of a confirmed order: a new entry, or the same one used again (its
 * `last_used_at` refreshed); then only the SAVED_ADDRESS_LIMIT most recently used are kept.
 */
export async function rememberDestination(userId: string, destination: Destination, now: Date = new Date()): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const user = await lockMember(tx, userId);
    if (!user || user.isDemo) return;
    await tx
      .insert(savedAddresses)
      .values({ userId, ...values(destination), createdAt: now, lastUsedAt: now })
      .onConflictDoUpdate({
        target: [
          savedAddresses.userId,
          savedAddresses.recipient,
          savedAddresses.zipCode,
          savedAddresses.prefecture,
          savedAddresses.city,
          savedAddresses.street,
          savedAddresses.apartmentEtc,
          savedAddresses.receiptRecipient,
        ],
        set: { lastUsedAt: now },
      });
    const kept = tx
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(desc(savedAddresses.lastUsedAt), desc(savedAddresses.createdAt))
      .limit(SAVED_ADDRESS_LIMIT);
    await tx.delete(savedAddresses).where(and(eq(savedAddresses.userId, userId), notInArray(savedAddresses.id, kept)));
  });
}

/** マイページ: the member's own saved address changed (404 for another member's; 409 when it would equal another entry). */
export async function updateSavedAddress(userId: string, id: string, destination: Destination): Promise<SavedAddress[]> {
  const db = await getDb();
  const v = values(destination);
  await db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(
        and(
          eq(savedAddresses.userId, userId),
          sql`(${savedAddresses.recipient}, ${savedAddresses.zipCode}, ${savedAddresses.prefecture}, ${savedAddresses.city}, ${savedAddresses.street}, ${savedAddresses.apartmentEtc}, ${savedAddresses.receiptRecipient}) = (${v.recipient}, ${v.zipCode}, ${v.prefecture}, ${v.city}, ${v.street}, ${v.apartmentEtc}, ${v.receiptRecipient})`,
        ),
      );
    if (same && same.id !== id) throw SAVED_ADDRESS_ERRORS.duplicate();
    const updated = await tx
      .update(savedAddresses)
      .set(v)
      .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
      .returning({ id: savedAddresses.id });
    if (updated.length === 0) throw SAVED_ADDRESS_ERRORS.notFound();
  });
  return listSavedAddresses(userId);
}

/** マイページ: deletes the member's own saved address (404 for another member's or an unknown id). */
export async function deleteSavedAddress(userId: string, id: string): Promise<SavedAddress[]> {
  const db = await getDb();
  const deleted = await db
    .delete(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .returning({ id: savedAddresses.id });
  if (deleted.length === 0) throw SAVED_ADDRESS_ERRORS.notFound();
  return listSavedAddresses(userId);
}

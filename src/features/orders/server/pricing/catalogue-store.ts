import 'server-only';

import { asc, eq } from 'drizzle-orm';

import { catalogueItems } from '@db/schema';
import { getDb } from '@/server/db/client';

import type { CatalogueItem } from './catalogue';

/** The certificates on sale, in display order (the database copy is what the shop sells). */
export async function loadCatalogue(): Promise<CatalogueItem[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: catalogueItems.id,
      name: catalogueItems.name,
      ministryFeeYen: catalogueItems.ministryFeeYen,
      serviceFeeYen: catalogueItems.serviceFeeYen,
      firstPurchaseServiceFeeYen: catalogueItems.firstPurchaseServiceFeeYen,
    })
    .from(catalogueItems)
    .where(eq(catalogueItems.active, true))
    .orderBy(asc(catalogueItems.sortOrder), asc(catalogueItems.id));
  return rows;
}

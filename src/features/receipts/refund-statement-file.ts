/**
 * The address of a refund statement's PDF (decision 0018 §8). The statement itself (its snapshot)
 * is the orders feature's: src/features/orders/refund-statement.ts.
 */
import { z } from '@/lib/zod-ja';

/** Where the member downloads the statement of a refund that succeeded (decision 0018 §8). */
export function refundStatementPath(refundId: string): string {
  return `/api/download/refund/${refundId}.pdf`;
}

/** `/api/download/refund/{refundId}.pdf` → the refund id. */
export const RefundStatementFileSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/i)
  .transform((file) => file.slice(0, -'.pdf'.length).toLowerCase());

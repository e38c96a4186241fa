/**
 * The last path segment of a member's PDF download (`/api/download/{receipt|refund}/{id}.pdf`, the
 * paths of orders' download-paths.ts) → the id. The App Router has no `[id].pdf` segment, so each
 * route is `[file]` and this schema takes the id out of it.
 */
import { z } from '@/lib/zod-ja';

export const DownloadFileSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/i)
  .transform((file) => file.slice(0, -'.pdf'.length).toLowerCase());

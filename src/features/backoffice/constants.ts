/**
 * The back office's plain values for its client components (zod-free, docs/decisions/0021 and
 * 0032); schemas.ts re-exports them for the route handlers.
 */

export const NOTICE_PDF_MAX_BYTES = 10 * 1024 * 1024;

/** The header carrying the PDF's display name (percent-encoded UTF-8) on upload. */
export const FILE_NAME_HEADER = 'x-file-name';

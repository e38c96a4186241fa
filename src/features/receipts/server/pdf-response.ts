import 'server-only';

import { contentDisposition } from '@/server/http/content-disposition';

/**
 * The answer of a PDF download — the receipt and the refund statement (src/app/api/download/*):
 * personal, so `private, no-store` instead of the route wrapper's plain no-store, and opened
 * `inline` in the browser's viewer, from where it can be saved or printed.
 */
const PDF_HEADERS = { 'Cache-Control': 'private, no-store', 'Content-Type': 'application/pdf', 'X-Content-Type-Options': 'nosniff' };

/** HEAD: the headers a GET would send, without issuing or rendering anything. */
export function pdfHeadResponse(): Response {
  return new Response(null, { status: 200, headers: PDF_HEADERS });
}

export function pdfResponse(
  pdf: Buffer,
  names: { filename: string; asciiFallback: string },
  extraHeaders: Record<string, string> = {},
): Response {
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      ...PDF_HEADERS,
      'Content-Length': String(pdf.length),
      'Content-Disposition': contentDisposition(names.filename, 'inline', names.asciiFallback),
      ...extraHeaders,
    },
  });
}

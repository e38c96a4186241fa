import 'server-only';

import { z } from 'zod';

import { AppError } from '@/server/http/app-error';
import { contentDisposition } from '@/server/http/content-disposition';
import { method } from '@/server/http/route';

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

/**
 * The GET (and HEAD) of a member's PDF (/api/download/{kind}/[file]): login required, the file
 * name parsed by `fileSchema`; a name it refuses, or a `download` that finds nothing (null),
 * answers the same 404 with `notFound`. `download` gets `head` for HEAD, which must issue nothing.
 */
export function memberPdfDownload<F>(
  fileSchema: z.ZodType<F>,
  notFound: string,
  download: (userId: string, file: F, head: boolean) => Promise<Response | null>,
) {
  return method({
    auth: 'required',
    params: z.strictObject({ file: z.string() }),
    // pdfResponse sets `private, no-store` instead of the wrapper's plain no-store.
    personal: false,
    handler: async ({ params, session, request }) => {
      const file = fileSchema.safeParse(params.file);
      const answer = file.success ? await download(session.userId, file.data, request.method === 'HEAD') : null;
      if (!answer) throw new AppError('not_found', { message: notFound });
      return answer;
    },
  });
}

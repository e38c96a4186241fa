import { DownloadFileSchema } from '@/features/receipts';
import { canDownloadReceipt, issueReceiptPdf } from '@/features/receipts/server/issue-receipt';
import { consumeReceiptDownload } from '@/features/receipts/server/limits';
import { memberPdfDownload, pdfHeadResponse, pdfResponse } from '@/features/receipts/server/pdf-response';
import { defineRoute } from '@/server/http/route';

const NOT_FOUND_MESSAGE = '領収書が見つかりませんでした。決済が完了したご注文の領収書のみ発行できます。';

/**
 * GET /api/download/receipt/{paymentId}.pdf — the member's receipt (docs/api.md). Owner only and
 * paid orders only; everything else, including another member's id, answers the same 404.
 * The first GET issues the original; later ones print the receipt as it stands — the same
 * original, or the latest re-issue the member asked for (再発行; docs/decisions/0024). Only the
 * first GET writes anything. HEAD never issues.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: memberPdfDownload(DownloadFileSchema, NOT_FOUND_MESSAGE, async (userId, file, head) => {
    if (head) return (await canDownloadReceipt(userId, file)) ? pdfHeadResponse() : null;
    await consumeReceiptDownload(userId);
    const receipt = await issueReceiptPdf(userId, file);
    if (!receipt) return null;
    return pdfResponse(
      receipt.pdf,
      { filename: receipt.filename, asciiFallback: `receipt-${receipt.serialNumber}${receipt.reissue ? '-reissue' : ''}.pdf` },
      // Lets the history page and tests tell an original from a re-issue without parsing the PDF.
      { 'X-Receipt-Serial': receipt.serialNumber, 'X-Receipt-Reissue': receipt.reissue ? '1' : '0' },
    );
  }),
});

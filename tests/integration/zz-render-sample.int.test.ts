import fs from 'node:fs';
import { it } from 'vitest';
import { renderReceipt } from '@/features/receipts/server/render-receipt';
import { renderRefundStatement } from '@/features/receipts/server/render-refund-statement';
import { mixedReceiptSnapshot } from '../factories/receipts';
it('renders', async () => {
  const s = mixedReceiptSnapshot();
  fs.writeFileSync('tmp/shots/sample-receipt.pdf', await renderReceipt({ ...s, issuer: { ...s.issuer, registrationNumber: 'T0000000000000' } }, { reissue: null }));
  void renderRefundStatement;
});

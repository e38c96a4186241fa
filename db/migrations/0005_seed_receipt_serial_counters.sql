-- Custom (hand-written) migration: seeds the one counter row of receipt numbers (series 'R',
-- `R-<year>-<n>`) from the highest number already issued, so the next receipt continues the
-- series. Numbers the old sequence burned above that (failed issues, never delivered: the PDF
-- was only returned after its row was stored) are given again — they appear on no receipt.
-- docs/decisions/0009-receipts.md §2.
INSERT INTO "receipt_serial_counters" ("series", "last_value")
SELECT 'R', COALESCE(MAX(substring("serial_number" from '(\d+)$')::bigint), 0) FROM "receipts"
ON CONFLICT ("series") DO NOTHING;

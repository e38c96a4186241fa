import { describe, expect, it } from 'vitest';

import { accountingExportUrl, ADMIN_API_PATHS } from './api-paths';

describe('back office API paths', () => {
  it('builds the accounting CSV link with the month encoded as a query', () => {
    expect(accountingExportUrl('2026-11')).toBe('/api/admin/accounting/export?month=2026-11');
    expect(accountingExportUrl('2026-11&x=1')).toBe('/api/admin/accounting/export?month=2026-11%26x%3D1');
    expect(ADMIN_API_PATHS.accountingExport).toBe('/api/admin/accounting/export');
  });
});

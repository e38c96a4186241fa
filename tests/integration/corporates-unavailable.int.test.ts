import { describe, expect, it } from 'vitest';

import * as referenceRoute from '@/app/api/corporates/reference/route';
import * as searchRoute from '@/app/api/corporates/search/route';
import * as healthRoute from '@/app/api/health/route';
import { SEARCH_ERROR_MESSAGES } from '@/features/company-search';

import { call } from '../support/requests';

// This file's DATA_DIR has no registry file: the state of a server before the first import.
describe('without a registry file', () => {
  it('the search answers 503 JSON with a Japanese message and Retry-After', async () => {
    const res = await call(searchRoute, '/api/corporates/search?q=トヨタ');
    expect(res.status).toBe(503);
    expect(res.json.error).toEqual({
      code: 'registry_unavailable',
      message: SEARCH_ERROR_MESSAGES.registry_unavailable,
      requestId: expect.any(String),
    });
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('the reference answers 503 JSON too', async () => {
    const res = await call(referenceRoute, '/api/corporates/reference?corporateNumber=8040001999013');
    expect(res.status).toBe(503);
    expect(res.json.error?.code).toBe('registry_unavailable');
  });

  it('the health check reports the registry missing and the service degraded', async () => {
    const res = await call(healthRoute, '/api/health');
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ status: 'degraded', registry: { ok: false, state: 'missing' } });
  });
});

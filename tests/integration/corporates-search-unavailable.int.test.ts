import { describe, expect, it } from 'vitest';

import * as infoRoute from '@/app/api/corporates-search/get-corp-info/route';
import * as searchRoute from '@/app/api/corporates-search/search/route';
import { SEARCH_ERROR_MESSAGES } from '@/features/company-search';

import { call } from '../support/requests';

// This file's DATA_DIR has no registry file: the state of a server before the first import.
describe('the reference service without a registry file', () => {
  it('the search answers 503 JSON with a Japanese message and Retry-After', async () => {
    const res = await call(searchRoute, '/api/corporates-search/search?q=トヨタ');
    expect(res.status).toBe(503);
    expect(res.json.error).toEqual({
      code: 'registry_unavailable',
      message: SEARCH_ERROR_MESSAGES.registry_unavailable,
      requestId: expect.any(String),
    });
    expect(res.headers.get('retry-after')).toBe('30');
  });

  it('the record answers 503 JSON too, but a malformed number is still a 400', async () => {
    const res = await call(infoRoute, '/api/corporates-search/get-corp-info?corporateNumber=8040001999013');
    expect(res.status).toBe(503);
    expect(res.json.error?.code).toBe('registry_unavailable');
    const bad = await call(infoRoute, '/api/corporates-search/get-corp-info?corporateNumber=12');
    expect(bad.status).toBe(400);
  });
});

import { describe, expect, it } from 'vitest';

import * as route from '@/app/api/payjp/public-key/route';

import { call } from '../support/requests';

describe('GET /api/payjp/public-key', () => {
  it('answers the configured publishable key under "result"', async () => {
    const res = await call(route, '/api/payjp/public-key');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: 'pk_test_hojinlocal0000000000000000' });
  });
});

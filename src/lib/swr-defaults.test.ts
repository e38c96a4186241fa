import { describe, expect, it } from 'vitest';

import { swrDefaults } from './swr-defaults';

describe('SWR defaults (spec §9)', () => {
  it('uses the spec values on a normal connection', () => {
    expect(swrDefaults(false)).toMatchObject({
      dedupingInterval: 2000,
      focusThrottleInterval: 5000,
      errorRetryInterval: 5000,
      loadingTimeout: 3000,
    });
  });
  it('waits longer on a slow connection', () => {
    expect(swrDefaults(true)).toMatchObject({ errorRetryInterval: 10000, loadingTimeout: 5000 });
  });
});

import { afterEach, describe, expect, it } from 'vitest';

import { parseEnv, setEnvForTest } from '@/config/env';

import { apiPlans, freePlan, paidPlanById, payjpPlanIdOf } from './plans';

afterEach(() => setEnvForTest({ API_PAID_PLANS: undefined, API_MONTHLY_QUOTA: undefined }));

describe('the API plans (issue 27 §1)', () => {
  it('offers the free plan and two paid plans with no configuration', () => {
    setEnvForTest({ API_PAID_PLANS: undefined });
    expect(apiPlans()).toEqual([
      { id: 'free', name: 'フリー', priceYen: 0, monthlyQuota: 10_000, ratePerSecond: 10 },
      { id: 'standard', name: 'スタンダード', priceYen: 5500, monthlyQuota: 100_000, ratePerSecond: 30 },
      { id: 'pro', name: 'プロ', priceYen: 22_000, monthlyQuota: 1_000_000, ratePerSecond: 100 },
    ]);
  });

  it('reads the operator’s plans, the free plan from API_MONTHLY_QUOTA, and none when empty', () => {
    setEnvForTest({ API_PAID_PLANS: 'team:チーム:3300:50000:20', API_MONTHLY_QUOTA: '500' });
    expect(freePlan().monthlyQuota).toBe(500);
    expect(paidPlanById('team')).toEqual({ id: 'team', name: 'チーム', priceYen: 3300, monthlyQuota: 50_000, ratePerSecond: 20 });
    expect(paidPlanById('free')).toBeNull();
    setEnvForTest({ API_PAID_PLANS: '' });
    expect(apiPlans().map((p) => p.id)).toEqual(['free']);
  });

  it('refuses a malformed plan, a price PAY.JP cannot charge, a repeated id or the id free', () => {
    for (const bad of ['standard:スタンダード:5500:100000', 'a:A:10:1:1', 'a:A:100:1:1,a:B:200:1:1', 'free:F:100:1:1', 'A B:x:100:1:1'])
      expect(() => parseEnv({ API_PAID_PLANS: bad }), bad).toThrow(/API_PAID_PLANS/);
  });

  it('names the PAY.JP plan after the plan and its price (a new price is a new PAY.JP plan)', () => {
    expect(payjpPlanIdOf({ id: 'pro', name: 'プロ', priceYen: 22_000, monthlyQuota: 1, ratePerSecond: 1 })).toBe('hojin_api_pro_22000');
  });
});

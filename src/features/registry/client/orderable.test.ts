import { describe, expect, it } from 'vitest';

import { KindCodeSchema } from '../schemas';
import { canOrderCertificate } from './orderable';

describe('canOrderCertificate', () => {
  it('allows the kinds registered at the Legal Affairs Bureau (301–305, 399)', () => {
    for (const kind of ['301', '302', '303', '304', '305', '399'] as const) expect(canOrderCertificate(kind), kind).toBe(true);
  });

  it('refuses state bodies, local governments, foreign companies and unregistered bodies', () => {
    for (const kind of ['101', '201', '401', '499'] as const) expect(canOrderCertificate(kind), kind).toBe(false);
  });

  it('decides every known kind', () => {
    expect(KindCodeSchema.options).toHaveLength(10);
  });
});

import 'server-only';

import { SignJWT } from 'jose';

import { getPayjpConfig, type PayjpConfig } from './config';

/**
 * Where to send the buyer for 3-D Secure (redirect workflow, domain.md §3):
 * `{apiBase}/tds/{id}/start?publickey=pk_…&back_url=<JWS>`, the JWS being HS256 over
 * `{"url": "<our return URL>"}` signed with the secret key, so PAY.JP only ever returns the buyer
 * to a URL we chose. `{id}` is the charge (ch_), token (tok_) or three_d_secure_request (tdsr_).
 *
 * The return URL should carry nothing the return handler trusts: it finds the order from the
 * session, re-reads the charge, and calls tds_finish only for `verified`/`attempted`.
 */
export async function buildThreeDSecureStartUrl(
  input: { resourceId: string; returnUrl: string },
  config: PayjpConfig = getPayjpConfig(),
): Promise<string> {
  if (!/^(ch|tok|tdsr)_[A-Za-z0-9]+$/.test(input.resourceId)) {
    throw new TypeError(`not a 3-D Secure resource id: ${JSON.stringify(input.resourceId)}`);
  }
  const returnUrl = new URL(input.returnUrl);
  if (returnUrl.protocol !== 'https:' && returnUrl.protocol !== 'http:') throw new TypeError('the 3-D Secure return URL must be http(s)');
  if (!config.publicKey) throw new Error('PAYJP_PUBLIC_KEY is not configured');

  const backUrl = await new SignJWT({ url: returnUrl.toString() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(config.secretKey));
  const query = new URLSearchParams({ publickey: config.publicKey, back_url: backUrl });
  return `${config.apiBase}/tds/${input.resourceId}/start?${query.toString()}`;
}

import 'server-only';

import { and, eq, isNull } from 'drizzle-orm';

import { userIdentities, users } from '@db/schema';
import { cookieName, cookieOptions } from '@/server/auth/cookies';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';
import { sendMailInBackground } from '@/server/mail';

import { DEFAULT_NEXT_PAGE, nextPageOrNull, normalizeEmail, type SocialErrorCode } from '../schemas';

import { beginSession, type SessionIo } from './auth-session';
import { accountMails } from './mails';
import {
  OidcError,
  STATE_TTL_SECONDS,
  beginFlow,
  finishFlow,
  openFlowState,
  sealFlowState,
  type IdTokenClaims,
  type SocialMode,
} from './oidc';
import { findAccountByEmail, isUniqueViolation } from './users';
import { appUrl } from '@/config/server';

/**
 * Google sign-in and registration (issue 5 §3, domain.md §4). The start and the callback are
 * top-level navigations, so they answer redirects rather than JSON: to the provider, to the small
 * /login/complete page that stores what the client keeps, or back to /login or /register with an
 * error code the page turns into Japanese.
 */
function redirect(pathOrUrl: string): Response {
  const location = pathOrUrl.startsWith('/') ? appUrl(pathOrUrl).toString() : pathOrUrl;
  // A plain Response (not Response.redirect) so the route wrapper can still add headers.
  return new Response(null, { status: 302, headers: { Location: location } });
}

function errorPage(mode: SocialMode, code: SocialErrorCode, nextPage: string | null = null): Response {
  // A Google account with no membership yet is sent to registration, where the terms are accepted.
  const page = mode === 'register' || code === 'social_not_registered' ? '/register' : '/login';
  // The destination (an order started while logged out) survives a failed or refused attempt.
  const destination = nextPageOrNull(nextPage);
  return redirect(`${page}?error=${code}${destination ? `&nextPage=${encodeURIComponent(destination)}` : ''}`);
}

/**
 * Where /login/complete continues. A new account: straight on to the destination the visitor had
 * (an order), else the registration completion page — `registered=true` lets that page or the
 * destination say so (docs/decisions/0022). An existing member: the destination, else the search.
 */
function completePath(created: boolean, nextPage: string | null): string {
  const params = new URLSearchParams();
  if (nextPage !== null) params.set('nextPage', nextPage);
  if (created) params.set('registered', 'true');
  else if (nextPage === null) params.set('nextPage', DEFAULT_NEXT_PAGE);
  return `/login/complete?${params.toString()}`;
}

export async function startSocial(
  mode: SocialMode,
  query: { nextPage?: string | undefined; agreement?: 'true' | undefined },
  io: SessionIo,
): Promise<Response> {
  // Registration needs the terms accepted on /register first (the isAgreement flag).
  const nextPage = nextPageOrNull(query.nextPage);
  if (mode === 'register' && query.agreement !== 'true') return errorPage(mode, 'agreement_required', nextPage);
  try {
    // '' = no destination (the flow cookie's field is a string)
    const { url, flow } = await beginFlow(mode, nextPage ?? '');
    io.setCookie(cookieName('oidc'), sealFlowState(flow), cookieOptions(STATE_TTL_SECONDS));
    return redirect(url);
  } catch (error) {
    logger.warn({ event: 'auth.social.unavailable', err: error }, 'OpenID provider unavailable');
    return errorPage(mode, 'social_unavailable', nextPage);
  }
}

type Resolution = { ok: true; userId: string; linked: boolean; created: boolean } | { ok: false; code: SocialErrorCode };

/**
 * Who signs in: the member linked to issuer + sub; else, if the provider vouches for the address
 * (email_verified) and our account's address was verified too, that account, now linked; else a
 * new account (registration only, verified address only). An unverified address never links.
 */
export async function resolveSocialUser(mode: SocialMode, issuer: string, claims: IdTokenClaims): Promise<Resolution> {
  const db = await getDb();
  const [linked] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, claims.sub), isNull(users.deletedAt)));
  if (linked) return { ok: true, userId: linked.userId, linked: false, created: false };

  const email = claims.email ? normalizeEmail(claims.email) : null;
  const verified = claims.email_verified === true;
  const existing = email ? await findAccountByEmail(email) : null;

  if (existing) {
    if (!verified || !existing.emailVerifiedAt || existing.isDemo || existing.isGoogleUser) {
      logger.info({ event: 'auth.social.link_refused', userId: existing.id, providerVerified: verified }, 'Google account not linked');
      return { ok: false, code: 'social_link_refused' };
    }
    try {
      await db.insert(userIdentities).values({ userId: existing.id, issuer, subject: claims.sub, email });
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, code: 'social_link_refused' };
      throw error;
    }
    logger.info({ event: 'auth.social.linked', userId: existing.id }, 'Google account linked to an existing account');
    return { ok: true, userId: existing.id, linked: true, created: false };
  }

  if (mode === 'login') return { ok: false, code: 'social_not_registered' };
  if (!email || !verified) return { ok: false, code: 'social_email_unverified' };
  try {
    const userId = await db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({ email, passwordHash: null, emailVerifiedAt: new Date() }).returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(userIdentities).values({ userId: user.id, issuer, subject: claims.sub, email });
      return user.id;
    });
    logger.info({ event: 'auth.register.completed', how: 'google', userId }, 'account created with Google');
    return { ok: true, userId, linked: false, created: true };
  } catch (error) {
    // Registered a moment ago by a parallel request: start over and it is a plain login.
    if (isUniqueViolation(error)) return { ok: false, code: 'social_failed' };
    throw error;
  }
}

export async function finishSocial(
  mode: SocialMode,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined; iss?: string | undefined },
  io: SessionIo,
): Promise<Response> {
  const flow = openFlowState(io.request.cookies.get(cookieName('oidc'))?.value);
  io.deleteCookie(cookieName('oidc')); // single use, whatever happens next
  const nextPage = nextPageOrNull(flow?.nextPage);
  let result: Awaited<ReturnType<typeof finishFlow>>;
  try {
    if (flow && flow.mode !== mode) throw new OidcError('state', 'flow started for the other mode');
    result = await finishFlow(flow, query);
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
    logger.warn(
      { event: 'auth.social.failed', reason: error.reason, err: error.cause ?? error.message, ip: io.ip },
      'Google sign-in refused',
    );
    const code: SocialErrorCode =
      error.reason === 'cancelled'
        ? 'social_cancelled'
        : error.reason === 'state'
          ? 'social_state'
          : error.reason === 'unavailable'
            ? 'social_unavailable'
            : 'social_failed';
    return errorPage(mode, code, nextPage);
  }
  const resolution = await resolveSocialUser(mode, result.issuer, result.claims);
  if (!resolution.ok) return errorPage(mode, resolution.code, nextPage);
  await beginSession(io, resolution.userId, 'google');
  if (resolution.linked && result.claims.email) void sendMailInBackground(normalizeEmail(result.claims.email), accountMails.googleLinked());
  return redirect(completePath(resolution.created, nextPage));
}

// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

/**
 * What the protected pages' server render shows (docs/decisions/0033): the page itself only on the
 * prerendered paths (the purchase steps) and only when the server saw a live session; otherwise the
 * loading overlay, as before. After hydration the stored expiry decides either way (spec §4).
 */
const nav = vi.hoisted(() => ({ pathname: '/purchase/select' }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ replace: vi.fn() }), usePathname: () => nav.pathname }));

const { AuthGuard } = await import('./auth-guard');

function serverHtml(pathname: string, serverLoggedIn: boolean): string {
  nav.pathname = pathname;
  return renderToString(
    <AuthGuard serverLoggedIn={serverLoggedIn} prerenderPrefixes={['/purchase/']}>
      <h1>ページの本文</h1>
    </AuthGuard>,
  );
}

describe('AuthGuard on the server', () => {
  it('renders a purchase step when the server saw a session', () => {
    const html = serverHtml('/purchase/select', true);
    expect(html).toContain('ページの本文');
    expect(html).not.toContain('loading-overlay');
  });

  it('renders the overlay without a session, or on pages that are not prerendered', () => {
    for (const [pathname, session] of [
      ['/purchase/select', false],
      ['/my-page/basic-info', true],
    ] as const) {
      const html = serverHtml(pathname, session);
      expect(html).toContain('loading-overlay');
      expect(html).not.toContain('ページの本文');
    }
  });
});

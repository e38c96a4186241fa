import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

const seen: Record<string, unknown>[] = [];
vi.mock('next/link', () => ({
  default: (props: ComponentProps<'a'> & { prefetch?: unknown }) => {
    seen.push({ ...props });
    const { prefetch: _prefetch, ...rest } = props;
    return <a {...rest} />;
  },
}));

const { default: Link } = await import('./link');

describe('the site link (docs/decisions/0036)', () => {
  it('does not prefetch unless told to, and passes everything else to next/link', () => {
    seen.length = 0;
    const html = renderToStaticMarkup(
      <>
        <Link href="/search" className="x" aria-label="検索">
          会社を探す
        </Link>
        <Link href="/login" prefetch>
          ログイン
        </Link>
      </>,
    );
    expect(seen[0]).toMatchObject({ href: '/search', className: 'x', prefetch: false, 'aria-label': '検索' });
    expect(seen[1]).toMatchObject({ href: '/login', prefetch: true });
    expect(html).toBe('<a href="/search" class="x" aria-label="検索">会社を探す</a><a href="/login">ログイン</a>');
  });
});

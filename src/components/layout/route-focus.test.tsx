// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const nav = vi.hoisted(() => ({ pathname: '/search' }));
vi.mock('next/navigation', () => ({ usePathname: () => nav.pathname }));

import { RouteFocus } from './route-focus';

function Shell({ title, field = false }: { title: string; field?: boolean }) {
  return (
    <>
      <header>
        <a href="/search/bulk">一括確認</a>
      </header>
      <main id="main">
        <h1>{title}</h1>
        {field ? <input aria-label="field" autoFocus /> : null}
      </main>
      <RouteFocus />
    </>
  );
}

afterEach(() => {
  nav.pathname = '/search';
  document.body.innerHTML = '';
});

describe('RouteFocus', () => {
  it('leaves a full page load alone, then focuses the new page’s h1 after a client navigation', () => {
    const view = render(<Shell title="会社検索" />);
    const link = document.querySelector('header a') as HTMLAnchorElement;
    link.focus();
    expect(document.activeElement).toBe(link);
    nav.pathname = '/search/bulk';
    view.rerender(<Shell title="一括確認" />);
    const h1 = document.querySelector('h1') as HTMLElement;
    expect(document.activeElement).toBe(h1);
    expect(h1.getAttribute('tabindex')).toBe('-1');
  });

  it('does not move focus when only the query changes, nor away from a field the page focused', () => {
    const view = render(<Shell title="会社検索" />);
    const link = document.querySelector('header a') as HTMLAnchorElement;
    link.focus();
    view.rerender(<Shell title="会社検索" />);
    expect(document.activeElement).toBe(link);
    nav.pathname = '/login';
    view.rerender(<Shell title="ログイン" field />);
    expect(document.activeElement).toBe(document.querySelector('input'));
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';

// useApi as on a page after SWR's module has arrived: useSWR in the component, within this test's SWRConfig.
import '@/lib/swr-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CompanySummary } from '@/features/registry';

import type { SearchResult } from '../schemas';
import { SEARCH_COMPACT_ATTRIBUTE, SEARCH_LANDED_ATTRIBUTE } from '../constants';
import { CompanySearch, SEARCH_DEBOUNCE_MS } from './company-search';
import { SearchTips } from './search-tips';

/**
 * The search box as a visitor uses it (React Testing Library in jsdom): typing searches once after
 * the debounce, Enter searches at once, clearing empties the results, and the page turns compact
 * while the visitor searches (the CSS that lays the compact page out is measured by
 * tests/e2e/search-layout.spec.ts in a real browser).
 */

const push = vi.fn();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() }),
  // Next keeps useSearchParams in step with history.replaceState; so does reading the location.
  useSearchParams: () => new URLSearchParams(window.location.search),
}));

const company = (name: string, corporateNumber: string): CompanySummary => ({
  corporateNumber,
  name,
  furigana: null,
  enName: null,
  kind: '301',
  kindLabel: '株式会社',
  prefectureCode: '23',
  prefectureName: '愛知県',
  cityName: '豊田市',
  streetNumber: 'トヨタ町１番地',
  postCode: '4718571',
  addressOutside: null,
  address: '愛知県豊田市トヨタ町１番地',
  closed: false,
  closeDate: null,
  closeCause: null,
  closeCauseLabel: null,
  successorCorporateNumber: null,
  formerNames: [],
  matchedFormerName: null,
  match: 'prefix',
  assignmentDate: '2015-10-05',
  updateDate: '2020-04-01',
});

function answer(q: string): SearchResult {
  return {
    query: { normalized: q, type: 'text' },
    items: [company(`${q}テスト株式会社`, '1180301018771')],
    count: 1,
    countCapped: false,
    countIsLowerBound: false,
    page: 1,
    nextCursor: null,
    depthLimited: false,
    registry: { builtAt: '2026-01-01T00:00:00.000Z', isSample: true, dataDate: '2026-01-30' },
  };
}

/** The queries the page sent to /api/corporates/search, in order (the 市区町村 list is answered apart). */
let searched: string[] = [];

// React Testing Library lets React finish its work with a setTimeout(0) and advances fake timers
// only when it sees Jest's; Vitest's timers are the same kind (@sinonjs/fake-timers), so say so.
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  searched = [];
  window.history.replaceState(null, '', '/search');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/corporates/cities') {
        const cities = { prefecture: url.searchParams.get('prefecture'), cities: [{ code: '211', name: '豊田市' }] };
        return new Response(JSON.stringify(cities), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      const q = url.searchParams.get('q') ?? '';
      searched.push(q);
      // A name search for an address (issue 24 point 1) finds nothing.
      const body = q.endsWith('市') ? { ...answer(q), items: [], count: 0 } : answer(q);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone, media: query, addEventListener() {}, removeEventListener() {} }));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  phone = false;
});

let phone = false;

function renderSearch() {
  const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CompanySearch initial={null} tips={<SearchTips />} />
    </SWRConfig>,
  );
  return { user, input: screen.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' }) };
}

/** Let the debounce run out and the fetched answer render (with the results' module, loaded on first results). */
async function settle(ms = SEARCH_DEBOUNCE_MS) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await vi.dynamicImportSettled();
  });
}

const compact = () => document.querySelector(`[${SEARCH_COMPACT_ATTRIBUTE}]`) !== null;
const landed = () => document.querySelector(`[${SEARCH_LANDED_ATTRIBUTE}]`) !== null;

describe('CompanySearch (the search box)', () => {
  it("adds each card's 「ウォッチ」 after mounting, its code loaded then (for a visitor not logged in, a login link)", async () => {
    const { user, input } = renderSearch();
    await user.type(input, 'とよた');
    await settle();
    await settle(0);
    const cards = screen.getByRole('list', { name: '検索結果' });
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    await settle(0);
    const watch = await within(cards).findByRole('link', { name: 'この法人をウォッチ（とよたテスト株式会社・ログインが必要です）' });
    // back to this search, with the intent to watch that company once logged in (src/lib/watch-intent.ts)
    const next = new URL(watch.getAttribute('href') ?? '', 'http://x').searchParams.get('nextPage');
    expect(next).toMatch(/^\/search\?q=/);
    expect(new URL(next ?? '', 'http://x').searchParams.get('q')).toBe('とよた');
    expect(new URL(next ?? '', 'http://x').searchParams.get('watch')).toMatch(/^\d{13}$/);
    // The desktop table has no watch button (company-results-table.tsx).
    expect(within(screen.getByRole('table')).queryByRole('link', { name: /ウォッチ/ })).toBeNull();
  });

  it('searches once, after the debounce, for what was typed, and writes it to the URL', async () => {
    const { user, input } = renderSearch();
    expect(screen.getByRole('heading', { name: '検索のしかた' })).toBeTruthy();

    await user.type(input, 'とよた');
    expect(searched).toEqual([]);
    await settle(SEARCH_DEBOUNCE_MS - 1);
    expect(searched).toEqual([]);
    await settle(1);
    await settle(0);

    expect(searched).toEqual(['とよた']);
    expect(window.location.search).toBe(`?q=${encodeURIComponent('とよた')}`);
    expect(screen.getByTestId('search-status').textContent).toBe('検索結果「とよた」：1件');
    const cards = screen.getByRole('list', { name: '検索結果' });
    expect(within(cards).getByRole('heading', { level: 3, name: 'とよたテスト株式会社' })).toBeTruthy();
    // The desktop table holds the same result (CSS shows one of the two).
    const table = screen.getByRole('table', { name: '検索結果（1件を表示）' });
    expect(within(table).getByRole('link', { name: 'とよたテスト株式会社' }).getAttribute('href')).toBe(
      '/search-service/result?corporateNumber=1180301018771',
    );
  });

  it('Enter searches at once, without waiting for the debounce', async () => {
    const { user, input } = renderSearch();
    await user.type(input, 'ソニー{Enter}');
    await settle(0);
    await settle(0);
    expect(searched).toEqual(['ソニー']);
    expect(window.location.search).toBe(`?q=${encodeURIComponent('ソニー')}`);
    expect(screen.getByRole('heading', { level: 3, name: 'ソニーテスト株式会社' })).toBeTruthy();
    // The debounced commit of the same text afterwards sends nothing more.
    await settle();
    expect(searched).toEqual(['ソニー']);
  });

  it('clearing the box removes the results and the query from the URL, and shows the tips again', async () => {
    const { user, input } = renderSearch();
    await user.type(input, 'とよた');
    await settle();
    await settle(0);
    expect(screen.queryByRole('list', { name: '検索結果' })).not.toBeNull();

    await user.clear(input);
    await settle();
    expect(screen.queryByRole('list', { name: '検索結果' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(window.location.pathname + window.location.search).toBe('/search');
    expect(screen.getByRole('heading', { name: '検索のしかた' })).toBeTruthy();
    expect(searched).toEqual(['とよた']);
  });

  it('is compact while the visitor searches: from focus, through the results, until the box is cleared and left', async () => {
    phone = true;
    const { user, input } = renderSearch();
    expect(compact()).toBe(false);

    await user.click(input);
    expect(compact()).toBe(true);
    // On a phone the page goes to its top so the box and the first results sit above the keyboard.
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);

    await user.type(input, 'とよた');
    await settle();
    await settle(0);
    // Leaving the box with a query keeps the layout: the results do not jump under the visitor's finger.
    await user.tab();
    expect(document.activeElement).not.toBe(input);
    expect(compact()).toBe(true);

    // On a phone the filters fold behind one button while compact.
    const toggle = screen.getByRole('button', { name: /絞り込み/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.clear(input);
    await user.tab();
    expect(compact()).toBe(false);
  });

  it('leaves the page as it was when it goes away', async () => {
    const { user, input } = renderSearch();
    await user.click(input);
    expect(compact()).toBe(true);
    cleanup();
    expect(compact()).toBe(false);
  });

  it('does not scroll on a desktop, where nothing collapses', async () => {
    const { user, input } = renderSearch();
    await user.click(input);
    expect(compact()).toBe(true);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('opened with a query, starts compact and landed — in the server HTML already — until the query is cleared (issue 24 point 1)', async () => {
    window.history.replaceState(null, '', `/search?q=${encodeURIComponent('とよた')}`);
    // The server's HTML: what the browser lays out before any script runs.
    const html = renderToStaticMarkup(
      <SWRConfig value={{ provider: () => new Map() }}>
        <CompanySearch initial={null} />
      </SWRConfig>,
    );
    expect(html).toContain(`${SEARCH_COMPACT_ATTRIBUTE}=""`);
    expect(html).toContain(`${SEARCH_LANDED_ATTRIBUTE}=""`);

    phone = true;
    const { user, input } = renderSearch();
    expect(compact()).toBe(true);
    expect(landed()).toBe(true);
    // Already at the top: nothing scrolls under a visitor who has just arrived.
    expect(window.scrollTo).not.toHaveBeenCalled();
    await user.clear(input);
    await user.tab();
    expect(compact()).toBe(false);
    expect(landed()).toBe(false);
    // A search begun afterwards does not fold the desk's introduction again (nothing moves while typing).
    await user.type(input, 'ソニー');
    expect(landed()).toBe(false);
  });

  it('opened without a query, is neither compact nor landed', () => {
    renderSearch();
    expect(compact()).toBe(false);
    expect(landed()).toBe(false);
    const html = renderToStaticMarkup(
      <SWRConfig value={{ provider: () => new Map() }}>
        <CompanySearch initial={null} />
      </SWRConfig>,
    );
    expect(html).not.toContain(SEARCH_COMPACT_ATTRIBUTE);
    expect(html).not.toContain(SEARCH_LANDED_ATTRIBUTE);
  });

  it('offers the same words as a 所在地 search when a name search for an address finds nothing (issue 24 point 1)', async () => {
    const { user, input } = renderSearch();
    await user.type(input, '愛知県豊田市{Enter}');
    await settle(0);
    await settle(0);
    expect(screen.getByRole('heading', { name: '「愛知県豊田市」に一致する法人は見つかりませんでした' })).toBeTruthy();
    const link = screen.getByRole('link', { name: '「愛知県豊田市」を所在地で検索する' });
    expect(link.getAttribute('href')).toBe(`/search?addr=${encodeURIComponent('愛知県豊田市')}`);
  });

  it('keeps what was chosen and typed in the server’s form before hydration (a phone under load), and searches it', async () => {
    // The server's HTML, shown and used before the page's JavaScript has run.
    const tree = () => (
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <CompanySearch initial={null} tips={<SearchTips />} />
      </SWRConfig>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree());
    document.body.appendChild(container);
    const control = <T extends HTMLElement>(name: string) => container.querySelector<T>(`[name="${name}"]`)!;
    control<HTMLSelectElement>('pref').value = '23';
    control<HTMLSelectElement>('kind').value = '301';
    control<HTMLInputElement>('q').value = 'とよた';
    control<HTMLInputElement>('closed').checked = true;

    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, tree());
    });
    await settle();
    await settle(0);
    expect(control<HTMLSelectElement>('pref').value).toBe('23');
    expect(control<HTMLSelectElement>('kind').value).toBe('301');
    expect(control<HTMLInputElement>('q').value).toBe('とよた');
    expect(control<HTMLInputElement>('closed').checked).toBe(true);
    const url = new URLSearchParams(window.location.search);
    expect(url.get('pref')).toBe('23');
    expect(url.get('kind')).toBe('301');
    expect(url.get('q')).toBe('とよた');
    expect(url.get('closed')).toBe('1');
    expect(searched).toEqual(['とよた']);
    // the filters button counts them
    expect(container.textContent).toContain('絞り込み（3件指定中）');
    await act(async () => root?.unmount());
    container.remove();
  });
});

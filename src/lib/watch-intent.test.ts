// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import { takeWatchIntent, watchIntentOf, withWatchIntent } from './watch-intent';

describe('the intent to watch a company after logging in', () => {
  it('adds ?watch=<法人番号> to a page path, keeping its query and replacing an older intent', () => {
    expect(withWatchIntent('/search-service/result?corporateNumber=8040001999013', '8040001999013')).toBe(
      '/search-service/result?corporateNumber=8040001999013&watch=8040001999013',
    );
    expect(withWatchIntent('/search?q=a&watch=1111111111111', '8040001999013')).toBe('/search?q=a&watch=8040001999013');
    expect(watchIntentOf('/search?q=a&watch=8040001999013')).toBe('8040001999013');
    expect(watchIntentOf('/search?watch=1')).toBeNull();
    expect(watchIntentOf(null)).toBeNull();
  });

  it('is taken once, by the button of that company, and leaves the address', () => {
    window.history.replaceState(null, '', '/search-service/result?corporateNumber=8040001999013&watch=8040001999013#x');
    expect(takeWatchIntent('2430101000011')).toBe(false);
    expect(window.location.search).toContain('watch=');
    expect(takeWatchIntent('8040001999013')).toBe(true);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/search-service/result?corporateNumber=8040001999013#x',
    );
    expect(takeWatchIntent('8040001999013')).toBe(false);
  });

  it("keeps the router's own entry in history.state when it takes the parameter out", () => {
    const routerState = { __NA: true, __PRIVATE_NEXTJS_INTERNALS_TREE: { tree: ['', {}] } };
    window.history.replaceState(routerState, '', '/search?q=a&watch=8040001999013');
    expect(takeWatchIntent('8040001999013')).toBe(true);
    expect(window.location.search).toBe('?q=a');
    expect(window.history.state).toEqual(routerState);
  });
});

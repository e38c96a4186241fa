// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answers, requested } from '@tests/support/api-client-double';

import type { ApiKey } from './api-key';

/**
 * useApi in a component rendered without an `ApiHost` (docs/decisions/0049): before, a component
 * mounted before SWR's module arrived waited for an answer that never came. Now it waits for SWR's
 * module instead and is then answered by SWR itself (the app has an ApiHost around every page, in
 * the root layout). This file has its own module state: SWR's
 * module is not loaded when it starts.
 */
vi.mock('@/lib/api-client', () => import('@tests/support/api-client-double'));

const { ApiHost, useApi } = await import('./use-api');

type Answer = { n: number };

/** A page's component, under a Suspense boundary as every Next page is (its layout's). */
function Lonely(props: { path: string; fallback?: Answer }) {
  return (
    <Suspense fallback={<p>loading</p>}>
      <LonelyView {...props} />
    </Suspense>
  );
}

function LonelyView({ path, fallback }: { path: string; fallback?: Answer }) {
  const answer = useApi(path as ApiKey<Answer>, fallback ? { fallbackData: fallback } : undefined);
  return (
    <p data-testid="lonely">
      {answer.data ? `n=${answer.data.n}` : 'none'} {answer.isValidating ? 'validating' : 'idle'}
    </p>
  );
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('useApi without ApiHost', () => {
  it('renders on the server as before (no waiting there): the fallback, validating', () => {
    vi.stubGlobal('window', undefined);
    const html = renderToString(<Lonely path="/api/h" fallback={{ n: 1 }} />);
    vi.unstubAllGlobals();
    expect(html.replaceAll('<!-- -->', '')).toContain('n=1 validating');
  });

  it('a component mounted in the browser without ApiHost is answered (it used to wait forever)', async () => {
    answers.set('/api/x', () => ({ n: 5 }));
    await act(async () => {
      render(<Lonely path="/api/x" />);
    });
    await waitFor(() => expect(screen.getByTestId('lonely').textContent).toBe('n=5 idle'));
  });

  it('an ApiHost inside another adds nothing: each call is made once', async () => {
    answers.set('/api/nested', () => ({ n: 6 }));
    render(
      <ApiHost>
        <ApiHost>
          <Lonely path="/api/nested" />
        </ApiHost>
      </ApiHost>,
    );
    await waitFor(() => expect(screen.getByTestId('lonely').textContent).toBe('n=6 idle'));
    expect(requested.filter((p) => p === '/api/nested')).toHaveLength(1);
  });
});

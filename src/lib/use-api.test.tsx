// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answers, requested } from '@tests/support/api-client-double';

import type { ApiKey } from './api-key';

/**
 * useApi without SWR in the first load (docs/decisions/0047): a component mounted before SWR's
 * module arrived is answered by SWR once it has (bridged), one mounted later is useSWR itself.
 */
vi.mock('@/lib/api-client', () => import('@tests/support/api-client-double'));

const { ApiHost, ApiSlot, useApi, loadApiRuntime } = await import('./use-api');

type Answer = { n: number };

/** A component of a page under the page's `ApiHost` (as in the member layout and /search). */
function Probe(props: { path: string | null; fallback?: Answer }) {
  return (
    <ApiHost>
      <ProbeView {...props} />
    </ApiHost>
  );
}

function ProbeView({ path, fallback }: { path: string | null; fallback?: Answer }) {
  const answer = useApi(path as ApiKey<Answer> | null, fallback ? { fallbackData: fallback } : undefined);
  const error = answer.error instanceof Error ? answer.error.message : '';
  return (
    <>
      <p data-testid="probe">
        {answer.data ? `n=${answer.data.n}` : 'none'} {answer.isValidating ? 'validating' : 'idle'} {error}
      </p>
      <button type="button" onClick={() => void answer.mutate()}>
        reload
      </button>
    </>
  );
}
const probe = () => screen.getByTestId('probe').textContent;

afterEach(() => {
  cleanup();
  answers.clear();
  requested.length = 0;
});

describe('useApi before and after SWR’s module', () => {
  it('renders on the server as SWR does before its first answer: the fallback, validating', () => {
    const ssr = (node: ReactNode) => renderToString(node).replaceAll('<!-- -->', '');
    expect(ssr(<Probe path="/api/a" fallback={{ n: 1 }} />)).toContain('n=1 validating');
    expect(ssr(<Probe path="/api/a" />)).toContain('none validating');
    expect(ssr(<Probe path={null} />)).toContain('none idle');
  });

  it('a key changed between the runtime’s render of a slot and its effect is reported when the effect subscribes', () => {
    // The page's effects run before those of ApiHost (a later sibling): on the confirmation step
    // opened afresh, the order's key was set in that gap and never asked for (e2e, purchase.spec).
    const slot = new ApiSlot(null, {});
    slot.update('/api/order', {});
    const renderAgain = vi.fn();
    slot.onKeyChange(renderAgain, null);
    expect(renderAgain).toHaveBeenCalledTimes(1);
    slot.onKeyChange(renderAgain, '/api/order');
    expect(renderAgain).toHaveBeenCalledTimes(1);
  });

  it('a key set before SWR has loaded is answered once it has', async () => {
    answers.set('/api/late', () => ({ n: 4 }));
    const view = render(<Probe path={null} />);
    view.rerender(<Probe path="/api/late" />);
    await waitFor(() => expect(probe()).toBe('n=4 idle '));
  });

  it('a component mounted first is answered once SWR has loaded; mutate and a new key go through SWR', async () => {
    let n = 2;
    answers.set('/api/a', () => ({ n }));
    answers.set('/api/b', () => ({ n: 10 }));
    const view = render(<Probe path="/api/a" fallback={{ n: 1 }} />);
    expect(probe()).toContain('n=1');
    await waitFor(() => expect(probe()).toBe('n=2 idle '));
    expect(requested).toEqual(['/api/a']);

    n = 3;
    act(() => screen.getByRole('button', { name: 'reload' }).click());
    await waitFor(() => expect(probe()).toBe('n=3 idle '));

    view.rerender(<Probe path="/api/b" fallback={{ n: 1 }} />);
    await waitFor(() => expect(probe()).toBe('n=10 idle '));
    expect(requested).toEqual(['/api/a', '/api/a', '/api/b']);
  });

  it('an error is shown for its key only, and SWR retries as configured', async () => {
    answers.set('/api/ok', () => ({ n: 5 }));
    const view = render(<Probe path="/api/missing" />);
    await waitFor(() => expect(probe()).toContain('not found: /api/missing'));
    view.rerender(<Probe path="/api/ok" />);
    // The previous key's error is gone in the very render that changes the key.
    expect(probe()).not.toContain('not found');
    await waitFor(() => expect(probe()).toBe('n=5 idle '));
  });

  it('a component mounted after SWR has loaded reads SWR’s cache in its first render', async () => {
    await loadApiRuntime();
    answers.set('/api/cached', () => ({ n: 7 }));
    const first = render(<Probe path="/api/cached" />);
    await waitFor(() => expect(probe()).toBe('n=7 idle '));
    first.unmount();
    render(<Probe path="/api/cached" />);
    expect(probe()).toContain('n=7');
  });
});

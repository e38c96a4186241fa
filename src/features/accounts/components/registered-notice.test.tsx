// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('next/navigation', () => ({ usePathname: () => '/purchase/select' }));

const { RegisteredNotice } = await import('./registered-notice');
const { markJustCompleted } = await import('./client-session');

/**
 * The member layout's notice after registering on the way to an order: loaded only when this tab
 * holds the flag (docs/decisions/0038), shown once.
 */
describe('RegisteredNotice', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => cleanup());

  it('says the account was created right after registering', async () => {
    markJustCompleted('registration');
    render(<RegisteredNotice />);
    expect((await screen.findByTestId('registered-notice')).textContent).toContain('会員登録が完了しました');
  });

  it('renders nothing, and loads nothing, without the flag', async () => {
    const { container } = render(<RegisteredNotice />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.innerHTML).toBe('');
  });
});

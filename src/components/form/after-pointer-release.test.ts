// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterPointerRelease } from './after-pointer-release';

afterEach(() => vi.useRealTimers());

describe('afterPointerRelease', () => {
  it('runs at once when nothing is pressed (a field left with Tab)', () => {
    const show = vi.fn();
    afterPointerRelease(show);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('holds what it shows while a pointer is pressed, and runs it after the release and its click', () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const button = document.createElement('button');
    document.body.append(button);
    button.addEventListener('click', () => order.push('click'));

    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    afterPointerRelease(() => order.push('error shown'));
    afterPointerRelease(() => order.push('second error shown'));
    expect(order).toEqual([]);

    button.dispatchEvent(new Event('pointerup', { bubbles: true }));
    button.click();
    expect(order).toEqual(['click']);
    vi.runAllTimers();
    expect(order).toEqual(['click', 'error shown', 'second error shown']);

    // released: the next one runs at once again
    afterPointerRelease(() => order.push('third'));
    expect(order.at(-1)).toBe('third');
    button.remove();
  });

  it('also lets go on pointercancel (a scroll took the touch)', () => {
    vi.useFakeTimers();
    const show = vi.fn();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    afterPointerRelease(show);
    document.body.dispatchEvent(new Event('pointercancel', { bubbles: true }));
    vi.runAllTimers();
    expect(show).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * conventions.md §8: console.error in a test is a failure unless the test expects it. A test that
 * expects one calls `allowConsoleError()` first.
 */
let errorSpy: MockInstance<typeof console.error> | undefined;
let allowed = false;

export function allowConsoleError(): void {
  allowed = true;
}

export function installConsoleGuard(): void {
  beforeEach(() => {
    allowed = false;
    errorSpy = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    const calls = errorSpy?.mock.calls ?? [];
    errorSpy?.mockRestore();
    if (!allowed && calls.length > 0) {
      throw new Error(
        `console.error was called during the test:\n${calls.map((c) => c.map((a: unknown) => String(a)).join(' ')).join('\n')}`,
      );
    }
  });
}

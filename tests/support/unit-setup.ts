import { afterEach, beforeEach, vi } from 'vitest';

// conventions.md §8: console.error in a test is a failure unless the test expects it
// (a test that expects it spies on console.error itself, which replaces this spy).
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0 && vi.isMockFunction(console.error) === false) {
    throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});

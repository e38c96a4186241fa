import { installConsoleGuard } from './console-guard';

installConsoleGuard();

// Component tests (jsdom) wait for what a chunk loaded on demand renders (SWR after hydration,
// docs/decisions/0047). At CI's load a dynamic import can take more than Testing Library's default
// 1 s; a wait that ends early fails a test whose component is right, so allow 5 s.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}

// The search's count budget (docs/decisions/0055) is wall-clock time: at a test run's load a count
// over a small fixture could stop early. Exact counts here; the budget's own tests set it and a clock.
process.env.SEARCH_COUNT_BUDGET_MS ??= '0';

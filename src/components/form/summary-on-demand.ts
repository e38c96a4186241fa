'use client';

import { useEffect, useState, type RefObject } from 'react';

import type { ErrorSummary } from './error-summary';

/**
 * The error summary for a page that ships it only once it has something to say (the purchase
 * steps, within their page-weight allowances, 0021): `Summary` is null until the form first has
 * errors. Errors shown without a submit (a field left with something wrong in it) bring it in a
 * moment later; a submit calls `prepare()` before committing its errors, and shows the summary in
 * the same commit (`show()` inside the `flushSync`), so that `focus` finds it.
 */
export function useSummaryOnDemand(hasErrors: boolean) {
  const [Summary, setSummary] = useState<typeof ErrorSummary | null>(null);

  useEffect(() => {
    if (!hasErrors || Summary) return;
    let current = true;
    void import('./error-summary').then((kit) => {
      if (current) setSummary(() => kit.ErrorSummary);
    });
    return () => {
      current = false;
    };
  }, [hasErrors, Summary]);

  /** Never fails: without the summary (its chunk could not be loaded) the errors are still under the fields. */
  async function prepare(): Promise<{ show: () => void; focus: (ref: RefObject<HTMLElement | null>) => void }> {
    try {
      const kit = await import('./error-summary');
      return { show: () => setSummary(() => kit.ErrorSummary), focus: kit.focusSoon };
    } catch {
      return { show: () => undefined, focus: () => undefined };
    }
  }

  return { Summary, prepare };
}

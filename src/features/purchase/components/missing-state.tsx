'use client';

import { lazy, Suspense } from 'react';

import { MISSING_STATE_PARAM, type RestartStep } from './flow-parts';

/**
 * Whether this page was opened by restartPath (read after hydration, like the flow's storage); the
 * parameter is then dropped from the address so a reload does not say it again.
 */
export function takeMissingStateFlag(): boolean {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(MISSING_STATE_PARAM)) return false;
  url.searchParams.delete(MISSING_STATE_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}

const MissingStateMessage = lazy(() => import('./missing-state-notice'));

/**
 * What a step sent back by `restartPath` says (select and recipient-info). Shown only after
 * `takeMissingStateFlag` found the parameter, after hydration: its texts load then, not with every
 * visit of the step (issue 13 §1, docs/decisions/0047).
 */
export function MissingStateNotice({ step }: { step: RestartStep }) {
  return (
    <Suspense fallback={null}>
      <MissingStateMessage step={step} />
    </Suspense>
  );
}

'use client';

import { MISSING_STATE_PARAM, type RestartStep } from './flow-parts';
import styles from './purchase.module.css';

/**
 * What a step sent back by `restartPath` says (select and recipient-info only: its own module, so
 * the steps that only send back do not load these texts; issue 13 §1).
 */
export const MISSING_STATE_MESSAGES: Record<RestartStep, string> = {
  '/purchase/select':
    'お手続きの情報が見つかりませんでした（別のタブやウィンドウで開いた場合は、選んだ内容を引き継げません）。お手数ですが、証明書の選択からやり直してください。',
  '/purchase/recipient-info': 'お届け先の入力が済んでいないため、ご注文内容の確認に進めませんでした。お届け先を入力してください。',
};

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

export function MissingStateNotice({ step }: { step: RestartStep }) {
  return (
    <p className={`notice-box ${styles.missingState}`} role="status" data-testid="missing-state">
      {MISSING_STATE_MESSAGES[step]}
    </p>
  );
}

'use client';

import type { RestartStep } from './flow-parts';
import styles from './purchase.module.css';

/**
 * What a step sent back by `restartPath` says (select and recipient-info only; loaded when a step
 * was opened that way — missing-state.tsx, docs/decisions/0047).
 */
export const MISSING_STATE_MESSAGES: Record<RestartStep, string> = {
  '/purchase/select':
    'お手続きの情報が見つかりませんでした（別のタブやウィンドウで開いた場合は、選んだ内容を引き継げません）。お手数ですが、証明書の選択からやり直してください。',
  '/purchase/recipient-info': 'お届け先の入力が済んでいないため、ご注文内容の確認に進めませんでした。お届け先を入力してください。',
};

export default function MissingStateMessage({ step }: { step: RestartStep }) {
  return (
    <p className={`notice-box ${styles.missingState}`} role="status" data-testid="missing-state">
      {MISSING_STATE_MESSAGES[step]}
    </p>
  );
}

import type { ReactNode } from 'react';

import styles from './accounts.module.css';

/** The frame of the accounts pages: the site container, narrow (forms) or wide (my page). */
export function AuthPage({ children, width = 'narrow' }: { children: ReactNode; width?: 'narrow' | 'wide' }) {
  return (
    <div className={`container ${styles.page}`}>
      <div className={width === 'narrow' ? styles.narrow : styles.wide}>{children}</div>
    </div>
  );
}

/** 入力 → メール確認 → 完了 */
export function RegisterSteps({ current }: { current: 1 | 2 | 3 }) {
  const steps = ['入力', 'メールの確認', '登録完了'];
  return (
    <ol className={`steps-bar ${styles.steps}`} aria-label="会員登録の手順">
      {steps.map((label, i) => (
        <li key={label} aria-current={i + 1 === current ? 'step' : undefined} className={i + 1 < current ? styles.done : undefined}>
          <span className="visually-hidden">{`ステップ${i + 1}${i + 1 < current ? '（完了）' : ''}：`}</span>
          {label}
        </li>
      ))}
    </ol>
  );
}

'use client';

import Link from '@/components/link';
import type { ReactNode } from 'react';

import styles from './purchase.module.css';

/**
 * A step opened without what it needs in this tab — the flow's state is this tab's (sessionStorage),
 * so a step opened in a new tab, or after the browser dropped it, has none — goes back to the step
 * that asks for it and says why, never silently (issue 13). The company chosen on /search is kept
 * (localStorage), so /purchase/select shows it again.
 */
export const MISSING_STATE_PARAM = 'restart';
export type RestartStep = '/purchase/select' | '/purchase/recipient-info';

export function restartPath(step: RestartStep): string {
  return `${step}?${MISSING_STATE_PARAM}=1`;
}

/** The four steps of the purchase flow (spec §4), in order. */
const STEPS = [
  { path: '/purchase/select', label: '証明書の選択' },
  { path: '/purchase/recipient-info', label: 'お届け先・お支払い' },
  { path: '/purchase/confirmation', label: 'ご注文内容の確認' },
  { path: '/purchase/completion', label: '完了' },
] as const;

export function Steps({ current }: { current: 0 | 1 | 2 | 3 }) {
  return (
    <ol className={`steps-bar ${styles.steps}`} aria-label="ご注文の手順">
      {STEPS.map((s, i) => (
        <li key={s.path} aria-current={i === current ? 'step' : undefined} className={i < current ? styles.done : undefined}>
          <span className="visually-hidden">{`手順${i + 1}：`}</span>
          {s.label}
        </li>
      ))}
    </ol>
  );
}

export function PurchasePage({
  title,
  lead,
  step,
  children,
}: {
  title: string;
  lead?: ReactNode;
  step: 0 | 1 | 2 | 3;
  children: ReactNode;
}) {
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.inner}>
        <Steps current={step} />
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}

export function Section({
  title,
  id,
  change,
  children,
}: {
  title: string;
  id?: string;
  change?: { href: string; label: string };
  children: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section className={`surface ${styles.section}`} aria-labelledby={headingId} id={id}>
      <div className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle} id={headingId}>
          {title}
        </h2>
        {change ? (
          <Link className={styles.changeLink} href={change.href}>
            {change.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/**
 * Text that comes from this tab's storage and is not read yet (the server render, hydration): one
 * grey bar per line, the height of the text it stands for, so the step's shell paints before the
 * JavaScript arrives and nothing moves when the text does (docs/decisions/0033). Screen readers
 * skip it; the container says it is busy.
 */
export function Pending({ kind = 'text', lines = 1 }: { kind?: 'name' | 'text' | 'short'; lines?: number }) {
  const className = `${styles.pending} ${kind === 'name' ? styles.pendingName : kind === 'short' ? styles.pendingShort : styles.pendingText}`;
  return (
    <>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={className} aria-hidden="true" data-testid="pending" />
      ))}
    </>
  );
}

/** 2026-04-01 → 2026年4月1日（水） */
export function formatIsoDateWithDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const day = '日月火水木金土'[new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay()];
  return `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日（${day}）`;
}

export function dateWindow(start: string, end: string): string {
  return start && end ? `${formatIsoDateWithDay(start)}〜${formatIsoDateWithDay(end)}` : '—';
}

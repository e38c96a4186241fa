'use client';

import Link from '@/components/link';
import type { ReactNode } from 'react';

// The zod-free face, not index.ts (whose schemas would load zod on every purchase step).
import { isItemOrderable, orderabilityOf, type Orderability } from '@/features/orders/index.client';
import { isStoredSearchedCorporate, storedSearchedCorporate, type StoredSearchedCorporate } from '@/lib/stored-search-choice';

import styles from './purchase.module.css';

/**
 * The company chosen on /search, as the search page (and the reference service's order button)
 * stores it under `searched_corporate`; the value and its check are in src/lib/stored-search-choice.ts.
 */
export type SearchedCorporate = StoredSearchedCorporate;
export const isSearchedCorporate = isStoredSearchedCorporate;

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

/** The four steps of the purchase flow (spec §4), in order. */
const STEPS = [
  { path: '/purchase/select', label: '証明書の選択' },
  { path: '/purchase/recipient-info', label: 'お届け先・お支払い' },
  { path: '/purchase/confirmation', label: 'ご注文内容の確認' },
  { path: '/purchase/completion', label: '完了' },
] as const;

export function Steps({ current }: { current: 0 | 1 | 2 | 3 }) {
  return (
    <ol className={styles.steps} aria-label="ご注文の手順">
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
    <section className={styles.section} aria-labelledby={headingId} id={id}>
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

/** The stored company when it has the expected shape, else null. */
export function readSearchedCorporate(): SearchedCorporate | null {
  return storedSearchedCorporate.read();
}

/** Whether the company's certificates can be ordered, and which: the orders feature's one rule (also the server's). */
export function orderabilityOfSearched(company: SearchedCorporate): Orderability {
  return orderabilityOf({ corporateNumber: company.corporateNumber, kind: company.kind, closed: company.closed ?? false });
}

export function canOrder(company: SearchedCorporate): boolean {
  return orderabilityOfSearched(company).orderable;
}

export function canOrderItem(company: SearchedCorporate, itemId: string): boolean {
  return isItemOrderable({ corporateNumber: company.corporateNumber, kind: company.kind, closed: company.closed ?? false }, itemId);
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

export function formatCorporateNumber(n: string): string {
  return n;
}

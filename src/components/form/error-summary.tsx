'use client';

import type { MouseEvent, RefObject } from 'react';

import styles from './form.module.css';

/** Field name (as in the request body) → its message. */
export type FieldErrors = Record<string, string>;

/** Field name (as in the request body) → its label and the id of the element the summary links to. */
export type FieldMap = Record<string, { label: string; id: string }>;

/** The message of a summary without the server's own. */
export const DEFAULT_SUMMARY_MESSAGE = '入力内容に誤りがあります。各項目をご確認ください。';

/**
 * The summary at the top of a form: the general message and one link per field error, each moving
 * the focus to its field. An alert (announced when it appears) that the form focuses after a failed
 * submit (`focusSoon`), so keyboard and screen-reader users start from the list of what to fix.
 * Errors of names not in `fields`, and empty messages (an error since cleared), are not listed. A
 * link says the field's label first unless the message already names it (「市区町村を入力してください。」
 * needs no 「市区町村：」; 「パスワードを入力してください。」 under 現在のパスワード does).
 */
export function ErrorSummary({
  message,
  errors,
  fields,
  summaryRef,
  id,
}: {
  message: string | null;
  errors: FieldErrors;
  fields: FieldMap;
  summaryRef: RefObject<HTMLDivElement | null>;
  id?: string;
}) {
  const entries = Object.entries(errors).filter(([key, text]) => key in fields && text);
  if (!message && entries.length === 0) return null;
  return (
    <div ref={summaryRef} id={id} className={`error-box ${styles.summary}`} role="alert" tabIndex={-1}>
      <h2>{message ?? DEFAULT_SUMMARY_MESSAGE}</h2>
      {entries.length > 0 ? (
        <ul>
          {entries.map(([key, text]) => (
            <li key={key}>
              <a href={`#${fields[key]!.id}`} onClick={(e) => focusField(e, fields[key]!.id)}>
                {text.includes(fields[key]!.label) ? text : `${fields[key]!.label}：${text}`}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A summary link: focus the field itself (a plain #id only scrolls); a group that cannot take focus is scrolled to. */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  event.preventDefault();
  el.focus();
  if (document.activeElement !== el) el.scrollIntoView({ block: 'start' });
}

/** Focuses the summary once React has painted it (after a failed submit). */
export function focusSoon(ref: RefObject<HTMLElement | null>): void {
  requestAnimationFrame(() => ref.current?.focus());
}

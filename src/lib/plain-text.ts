/**
 * The one rule for what free text the app accepts (issue 11 §6): people type names, addresses,
 * search words and notices — never control characters. A NUL reached PostgreSQL (which cannot
 * store it in `text`) and answered 500; other controls (ESC, BEL, backspace, C1 codes such as
 * U+0085) are invisible on screen but rewrite terminals and logs, and break the PDF receipt and
 * the CSV an operator exports. Lone surrogates cannot be encoded as UTF-8 at all, and
 * noncharacters (U+FDD0–U+FDEF, U+xFFFE/U+xFFFF) are reserved by Unicode for internal use.
 *
 * Every text schema builds on `singleLineText()` / `multiLineText()` (or adds `plainTextCheck`)
 * so the rule and its Japanese message live here only. Isomorphic: the forms show the same message.
 */
import { z } from '@/lib/zod-ja';

/** Characters refused in every field (C0 except LF, DEL, C1), then LF for single-line fields. */
const CONTROL_EXCEPT_LF = '\\u0000-\\u0009\\u000B-\\u001F\\u007F-\\u009F';
/** U+2028/U+2029 are line breaks too: a one-line field keeps to one line. */
const LINE_BREAKS = '\\u000A\\u2028\\u2029';
// U+xFFFE and U+xFFFF of every plane, written as code points (the `u` flag).
const PLANE_NONCHARACTERS = Array.from({ length: 17 }, (_, plane) => {
  const hex = (n: number) => n.toString(16).toUpperCase();
  return `\\u{${hex(plane * 0x10000 + 0xfffe)}}\\u{${hex(plane * 0x10000 + 0xffff)}}`;
}).join('');
const NONCHARACTERS = `\\u{FDD0}-\\u{FDEF}${PLANE_NONCHARACTERS}`;

// \p{Cs} matches a surrogate only when it is alone: a well-formed pair is one code point under `u`.
const FORBIDDEN_MULTI_LINE = new RegExp(`[${CONTROL_EXCEPT_LF}${NONCHARACTERS}]|\\p{Cs}`, 'u');
const FORBIDDEN_SINGLE_LINE = new RegExp(`[${CONTROL_EXCEPT_LF}${LINE_BREAKS}${NONCHARACTERS}]|\\p{Cs}`, 'u');

export interface PlainTextOptions {
  /** true: line feeds (\n) are allowed (notices, messages); everything else is the same. */
  multiline?: boolean;
}

/** Whether `value` holds only characters a person types into this kind of field. */
export function isPlainText(value: string, options: PlainTextOptions = {}): boolean {
  return !(options.multiline ? FORBIDDEN_MULTI_LINE : FORBIDDEN_SINGLE_LINE).test(value);
}

/** 「商号に使用できない文字（制御文字など）が含まれています。…」 */
export function plainTextMessage(label: string, options: PlainTextOptions = {}): string {
  const lines = options.multiline ? '' : '改行や';
  return `${label}に使用できない文字（${lines}制御文字など）が含まれています。入力し直してください。`;
}

/** The refinement itself, for schemas that build their string another way (e.g. after a pipe). */
export function plainTextCheck(label: string, options: PlainTextOptions = {}) {
  return [(value: string) => isPlainText(value, options), { error: plainTextMessage(label, options) }] as const;
}

/**
 * A one-line text field: a string (else 「{label}を入力してください。」) with no control
 * characters, line breaks, lone surrogates or noncharacters. Chain `.min()`/`.max()` after it;
 * the character rule runs first so its message is the one shown.
 */
export function singleLineText(label: string, options: { trim?: boolean } = {}) {
  const base = z.string({ error: `${label}を入力してください。` });
  // Trimmed first when asked: a pasted word's trailing tab or line break is whitespace, not input.
  return (options.trim ? base.trim() : base).refine(...plainTextCheck(label));
}

/**
 * A multi-line text field: as `singleLineText` but line feeds are allowed. Only LF: a browser's
 * textarea value and JSON from our forms use LF, and a CR would print as a stray mark in mails.
 */
export function multiLineText(label: string, options: { trim?: boolean } = {}) {
  const base = z.string({ error: `${label}を入力してください。` });
  return (options.trim ? base.trim() : base).refine(...plainTextCheck(label, { multiline: true }));
}

/**
 * The カード名義 and the 3-D Secure address as typed and as sent to PAY.JP (card-holder.ts has the
 * rules and their messages): apart, so a card form converts what is typed without loading the
 * messages, which it needs only when it checks (issue 24 §8, docs/decisions/0097).
 */

const WHITESPACE_RUN = /\s+/g;

/**
 * The name while it is being typed: NFKC (full-width letters and the ideographic space become
 * ASCII), upper case, runs of spaces as one. Leading and trailing spaces are kept, so the space
 * between two words can be typed; `normalizeCardName` drops them.
 */
export function normalizeCardNameInput(input: string): string {
  return input.normalize('NFKC').toUpperCase().replace(WHITESPACE_RUN, ' ').replace(/^ +/, '');
}

/** The name as sent to PAY.JP: as typed, normalised, without spaces at either end. */
export function normalizeCardName(input: string): string {
  return normalizeCardNameInput(input).trim();
}

/** The 3-D Secure address as sent to PAY.JP: NFKC, without surrounding spaces. */
export function normalizeCardEmail(input: string): string {
  return input.normalize('NFKC').trim();
}

/**
 * Words of card payment that pages, messages, legal texts and mails share, spelt one way everywhere
 * users read them. 「3-Dセキュア」 is the spelling of the industry's own Japanese texts (EMV 3-Dセキュア
 * in クレジット取引セキュリティ対策協議会's security guideline, the card brands' pages) and of
 * our legal pages; docs/decisions/0048. PAY.JP's documents write 「3Dセキュア」: only the dev emulator,
 * which stands in for PAY.JP's own pages, keeps that. Plain values, safe in client components.
 */
export const THREE_D_SECURE = '3-Dセキュア';

/**
 * The registry's codes and messages, without zod: client components import them from here so the
 * search and record pages ship no schema library (issue 13: zod was most of the first-load
 * JavaScript of every page). schemas.ts builds its zod schemas from these same values, so each
 * rule still has one owner.
 */
import { NTA_KIND } from '@/features/registry/nta-types';

export type KindCode = keyof typeof NTA_KIND;
export const KIND_CODES = Object.keys(NTA_KIND) as [KindCode, ...KindCode[]];

/** The same test as schemas.ts's KindCodeSchema (a z.enum of KIND_CODES). */
export function isKindCode(value: unknown): value is KindCode {
  return typeof value === 'string' && Object.hasOwn(NTA_KIND, value);
}

export const COMPANY_ERROR_MESSAGES = {
  registry_unavailable: '会社データを準備しています。しばらくしてからもう一度お試しください。',
  invalid_format: '法人番号は13桁の数字で入力してください。',
  invalid_check_digit: '法人番号が正しくありません。13桁の番号に誤りがないか、もう一度ご確認ください（先頭の1桁が検査用の数字です）。',
  not_found: 'この法人番号の会社は見つかりませんでした。番号をご確認ください。',
} as const;
export type CompanyErrorCode = keyof typeof COMPANY_ERROR_MESSAGES;

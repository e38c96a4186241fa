import s from '@/features/company-reference/components/reference.module.css';
import Link from '@/components/link';
import { COMPANY_ERROR_MESSAGES } from '@/features/registry/constants';

export const metadata = { title: '法人情報が見つかりません', robots: { index: false } };

/**
 * A well-formed 法人番号 that no company in the registry has (mistyped with a valid check digit, or a
 * record the NTA no longer publishes): still a 404 for search engines, but said as the company not
 * being found, with a link to the search to try again — not the site's 「URL に誤りがあるか…」 page.
 */
export default function CompanyNotFound() {
  return (
    <div className={`container ${s.page}`}>
      <h1 className={s.title}>法人情報が見つかりませんでした</h1>
      <p className="error-box" role="alert">
        {COMPANY_ERROR_MESSAGES.not_found}会社名やフリガナでも検索できます。
      </p>
      <p>
        <Link href="/search-service">法人情報照会で検索する</Link>
      </p>
    </div>
  );
}

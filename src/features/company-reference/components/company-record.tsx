import Link from '@/components/link';
import { type ReactNode, Suspense } from 'react';

import { displayZipcode } from '@/features/address';
import { corporateChoiceOf } from '@/features/company-search';
import { invoiceDataAsOf } from '@/features/registry';
import { formatIsoDateJa } from '@/lib/format';

import { invoicePageUrl, ntaCorporatePageUrl } from '../external-links';
import type { InvoiceView, ReferenceRecord, TimelineEntry } from '../schemas';
import { referencePath } from '../schemas';
import { CopyButton } from './copy-button';
import { OrderButton } from './order-button';
import { RecordWatchButton } from './record-watch-button';
import s from './reference.module.css';

/**
 * A company's public record (issue 4): every field of the NTA data with its Japanese label, the
 * closure with its cause and successor, the change history as a timeline, the 会社法人等番号, the
 * qualified-invoice registration and — for kinds with a commercial registry — the way to order
 * certificates. Server-rendered; only the copy and order buttons run in the browser.
 * `attribution` is the NTA credit the data's terms require (rendered by the page).
 */

const dash = <span className={s.muted}>―</span>;

function postCode(code: string | null): string | null {
  return code === null ? null : displayZipcode(code);
}

/** 会社法人等番号 as the Legal Affairs Bureau prints it: office 4 - kind 2 - serial 6. */
export function formatCompanyLegalNumber(n: string): string {
  return `${n.slice(0, 4)}-${n.slice(4, 6)}-${n.slice(6)}`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children ?? dash}</dd>
    </div>
  );
}

function InvoiceFields({ invoice }: { invoice: InvoiceView }) {
  if (invoice.state !== 'known') {
    return (
      <dl className={s.fields}>
        <Field label="登録状況">
          <span className={`${s.badge} ${s.badgeUnknown}`} style={{ marginLeft: 0 }}>
            {invoice.statusLabel}
          </span>
          <p className={s.muted} style={{ margin: '4px 0 0' }}>
            {invoice.state === 'not_registered'
              ? '上記の時点の国税庁の公表データに、この法人の適格請求書発行事業者としての登録はありません。それより後の登録や最新の状況は'
              : '適格請求書発行事業者のデータを準備中のため、登録の有無を表示できません。正確な情報は'}
            <a href="https://www.invoice-kohyo.nta.go.jp/" rel="noopener noreferrer" target="_blank">
              国税庁適格請求書発行事業者公表サイト
            </a>
            でご確認ください。
          </p>
        </Field>
      </dl>
    );
  }
  const ended = invoice.status === 'expired' || invoice.status === 'disposed';
  const badge = invoice.status === 'valid' ? s.badgeValid : ended ? s.badgeEnded : s.badgeUnknown;
  return (
    <dl className={s.fields}>
      <Field label="登録番号">
        <span className={s.number}>{invoice.registrationNumber}</span>
      </Field>
      <Field label="登録年月日">{formatIsoDateJa(invoice.registrationDate)}</Field>
      <Field label={`登録状況${invoiceDataAsOf(invoice.dataDate)}`}>
        <span className={`${s.badge} ${badge}`} style={{ marginLeft: 0 }}>
          {invoice.statusLabel}
        </span>
        {invoice.status === 'not_yet_valid' ? <span>（{formatIsoDateJa(invoice.registrationDate)}から有効）</span> : null}
      </Field>
      {invoice.disposalDate !== null ? <Field label="取消年月日">{formatIsoDateJa(invoice.disposalDate)}</Field> : null}
      {invoice.expireDate !== null ? <Field label="失効年月日">{formatIsoDateJa(invoice.expireDate)}</Field> : null}
    </dl>
  );
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const newestFirst = [...entries].reverse();
  return (
    <ol className={s.timeline} aria-label="変更履歴（新しい順）">
      {newestFirst.map((e, i) => (
        <li key={`${e.updateDate}-${e.changeDate}-${e.process}-${i}`} className={`${s.event} ${i === 0 ? s.eventCurrent : ''}`}>
          <span className={s.eventDate}>
            <time dateTime={e.changeDate}>{formatIsoDateJa(e.changeDate)}</time>
            <span className={s.eventKind}>
              {i === newestFirst.length - 1 && e.changes.length === 0 ? '法人番号の指定・登録時の情報' : e.processLabel}
              {e.correction ? '（訂正）' : ''}
            </span>
          </span>
          {e.changes.length > 0 ? (
            <ul className={s.changes}>
              {e.changes.map((c) => (
                <li key={c.field}>
                  <span className={s.changeLabel}>{c.label}</span>
                  {c.field === 'closure' ? (
                    <span>閉鎖（{c.after}）</span>
                  ) : c.field === 'revival' ? (
                    <span>閉鎖の取消し</span>
                  ) : (
                    <>
                      <span className={s.before}>{c.before ?? '（なし）'}</span>
                      {' → '}
                      <span>{c.after ?? '（なし）'}</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <ul className={s.changes}>
              <li>
                <span className={s.changeLabel}>商号又は名称</span>
                {e.name}
              </li>
              <li>
                <span className={s.changeLabel}>所在地</span>
                {e.address || '―'}
              </li>
            </ul>
          )}
          {e.changeCause !== null ? (
            <p className={s.muted} style={{ margin: '4px 0 0' }}>
              変更事由：{e.changeCause}
            </p>
          ) : null}
          <span className={s.muted}>（更新年月日 {formatIsoDateJa(e.updateDate)}）</span>
        </li>
      ))}
    </ol>
  );
}

export function CompanyRecord({ record, attribution }: { record: ReferenceRecord; attribution: ReactNode }) {
  const { company, timeline, invoice } = record;
  const c = company.current;
  const domestic = [c.prefectureName, c.cityName, c.streetNumber].filter((p) => p !== null).join('');
  return (
    <article aria-labelledby="company-name">
      <header className={s.recordHeader}>
        <span className={`pill ${s.serviceLabel}`}>法人情報</span>
        {c.furigana !== null ? <p className={s.furigana}>{c.furigana}</p> : null}
        <h1 id="company-name" className={s.title}>
          {c.name}
          {company.closed ? <span className={`${s.badge} ${s.badgeClosed}`}>閉鎖</span> : null}
        </h1>
        <p className={s.numberRow}>
          <span>法人番号</span>
          <span className={s.number} id="corporate-number">
            {company.corporateNumber}
          </span>
          <CopyButton value={company.corporateNumber} label="法人番号" />
        </p>
        {company.closed && c.closeDate !== null ? (
          <div className={s.closedBanner} role="note" aria-label="登記記録の閉鎖等">
            <p>
              <strong>この法人は{formatIsoDateJa(c.closeDate)}に登記記録が閉鎖されています。</strong>
            </p>
            <p>事由：{c.closeCauseLabel ?? '不明'}</p>
            {record.successor !== null ? (
              <p>
                承継先：
                <Link href={referencePath(record.successor.corporateNumber)}>
                  {record.successor.name ?? '承継先の法人'}（法人番号 {record.successor.corporateNumber}）
                </Link>
              </p>
            ) : null}
          </div>
        ) : null}
      </header>

      {/* Below the heading: hydrated as a task of its own after it, not in one long task with the
          whole page (Suspense around content the server has already rendered; docs/decisions/0037). */}
      <Suspense fallback={null}>
        <div className={s.layout}>
          <div>
            <section className={s.section} aria-labelledby="basic-title">
              <h2 id="basic-title">基本情報</h2>
              <dl className={s.fields}>
                <Field label="法人番号">{company.corporateNumber}</Field>
                <Field label="商号又は名称">{c.name}</Field>
                <Field label="フリガナ">{c.furigana}</Field>
                <Field label="英語表記">{c.enName}</Field>
                <Field label="法人種別">{c.kindLabel}</Field>
                <Field label="本店又は主たる事務所の所在地">
                  {domestic !== '' ? (
                    <>
                      {postCode(c.postCode) !== null ? <span>{postCode(c.postCode)} </span> : null}
                      {domestic}
                    </>
                  ) : null}
                </Field>
                {c.enAddress !== null ? <Field label="所在地（英語表記）">{c.enAddress}</Field> : null}
                <Field label="国外所在地">{c.addressOutside}</Field>
                <Field label="会社法人等番号">
                  {record.companyLegalNumber !== null ? (
                    <span className={s.number}>{formatCompanyLegalNumber(record.companyLegalNumber)}</span>
                  ) : (
                    <span className={s.muted}>商業・法人登記のない法人種別のため、ありません</span>
                  )}
                </Field>
                <Field label="法人番号指定年月日">{formatIsoDateJa(company.assignmentDate)}</Field>
                <Field label="最終更新年月日">{formatIsoDateJa(c.updateDate)}</Field>
                <Field label="状況">
                  {company.closed && c.closeDate !== null ? (
                    <>
                      閉鎖（{formatIsoDateJa(c.closeDate)}、{c.closeCauseLabel ?? '事由不明'}）
                    </>
                  ) : (
                    '存続'
                  )}
                </Field>
                {company.formerNames.length > 0 ? <Field label="旧商号">{company.formerNames.join('、')}</Field> : null}
              </dl>
            </section>

            <section className={s.section} aria-labelledby="history-title">
              <h2 id="history-title">変更履歴</h2>
              {timeline.length > 1 ? (
                <Timeline entries={timeline} />
              ) : (
                <p>
                  法人番号の指定以後、商号や所在地の変更は公表されていません{company.closed ? '（登記記録の閉鎖等は上記のとおりです）' : ''}
                  。
                </p>
              )}
            </section>

            {record.sameAddress.items.length > 0 ? (
              <section className={s.section} aria-labelledby="same-address-title">
                <h2 id="same-address-title">同じ所在地の法人</h2>
                <ul>
                  {record.sameAddress.items.map((o) => (
                    <li key={o.corporateNumber}>
                      <Link href={referencePath(o.corporateNumber)}>{o.name}</Link>
                      <span className={s.muted}>
                        （{o.kindLabel}・法人番号 {o.corporateNumber}）
                      </span>
                    </li>
                  ))}
                </ul>
                {record.sameAddress.more ? (
                  <p className={s.muted}>ほかにもこの所在地の法人があります（{record.sameAddress.items.length}件まで表示）。</p>
                ) : null}
              </section>
            ) : null}

            <section className={s.section} aria-labelledby="invoice-title">
              <h2 id="invoice-title">適格請求書発行事業者（インボイス）の登録</h2>
              <InvoiceFields invoice={invoice} />
            </section>

            <section className={s.section} aria-labelledby="official-title">
              <h2 id="official-title">国税庁のサイトで確認する</h2>
              <ul className={s.externalLinks}>
                <li>
                  <a href={ntaCorporatePageUrl(company.corporateNumber)} target="_blank" rel="noopener noreferrer">
                    国税庁法人番号公表サイトのこの法人のページ
                    <span className="visually-hidden">（外部サイト・新しいタブで開きます）</span>
                    <span aria-hidden="true"> ↗</span>
                  </a>
                </li>
                <li>
                  <a href={invoicePageUrl(company.corporateNumber)} target="_blank" rel="noopener noreferrer">
                    国税庁適格請求書発行事業者公表サイトの登録番号 T{company.corporateNumber} のページ
                    <span className="visually-hidden">（外部サイト・新しいタブで開きます）</span>
                    <span aria-hidden="true"> ↗</span>
                  </a>
                </li>
              </ul>
            </section>
          </div>

          <aside className={s.aside} aria-label="この法人について">
            {record.orderable ? (
              <>
                <p>
                  この法人の登記事項証明書（{company.closed ? '閉鎖事項全部証明書など' : '履歴事項全部証明書など'}
                  ）をオンラインで取り寄せられます。
                </p>
                <OrderButton company={corporateChoiceOf({ ...c, corporateNumber: company.corporateNumber, closed: company.closed })} />
              </>
            ) : (
              <p>この法人種別（{c.kindLabel}）には商業・法人登記がないため、登記事項証明書はお取り寄せできません。</p>
            )}
            <RecordWatchButton corporateNumber={company.corporateNumber} />
            <p>
              <Link href="/search-service">別の法人を検索する</Link>
            </p>
          </aside>
        </div>
      </Suspense>

      <footer className={s.attribution}>
        {company.registry.dataDate !== null ? (
          <p data-testid="registry-data-date">
            データ更新日：<time dateTime={company.registry.dataDate}>{formatIsoDateJa(company.registry.dataDate)}</time>
          </p>
        ) : null}
        {company.registry.isSample ? (
          <p className="notice-box">このページの法人データは開発用のサンプルであり、実在の法人の情報ではありません。</p>
        ) : null}
        {attribution}
      </footer>
    </article>
  );
}

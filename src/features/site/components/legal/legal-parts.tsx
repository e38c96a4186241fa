import type { ReactNode } from 'react';
import { NTA_SOURCES, PUBLIC_DATA_LICENSE, type BrowserStorageEntry } from '../../legal-content/constants';
import type { ExternalTransmission } from '../../legal-content/external-transmissions';
import { formatYenNonTaxable, formatYenTaxIncluded, siteOrigin } from '../../legal-content/format';
import type { LegalPriceItem, OperatorInfo } from '../../legal-content/types';
import s from './legal.module.css';

/** Building blocks shared by the five legal pages, so that each page is only its text. */

/** Numbered clauses of an article: 1. 2. 3. */
export function Clauses({ children }: { children: ReactNode }) {
  return <ol className={s.clauses}>{children}</ol>;
}

/** Items inside a clause: （1）（2）（3）. */
export function Items({ children }: { children: ReactNode }) {
  return <ol className={s.items}>{children}</ol>;
}

export function Bullets({ children }: { children: ReactNode }) {
  return <ul className={s.bullets}>{children}</ul>;
}

/** A list of plain sentences as clauses (the shared order policies). */
export function SentenceClauses({ lines }: { lines: readonly string[] }) {
  return (
    <Clauses>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Clauses>
  );
}

export function SentenceBullets({ lines }: { lines: readonly string[] }) {
  return (
    <Bullets>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Bullets>
  );
}

export function Subheading({ children }: { children: ReactNode }) {
  return <h3 className={s.subheading}>{children}</h3>;
}

export function Note({ children }: { children: ReactNode }) {
  return <p className={s.note}>{children}</p>;
}

/** Term–description pairs (dl). */
export function Facts({ entries }: { entries: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={s.facts}>
      {entries.map(([term, description]) => (
        <FactRow key={term} term={term} description={description} />
      ))}
    </dl>
  );
}

function FactRow({ term, description }: { term: string; description: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{description}</dd>
    </>
  );
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function MailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

export function PostalAddress({ operator }: { operator: OperatorInfo }) {
  return (
    <>
      〒{operator.postcode} {operator.address}
    </>
  );
}

/** The contact desk, as every document ends with it. */
export function OperatorContact({ operator, desk }: { operator: OperatorInfo; desk?: string }) {
  return (
    <Facts
      entries={[
        ['窓口', desk ?? `${operator.name} ${operator.serviceName} お問い合わせ窓口`],
        ['所在地', <PostalAddress key="a" operator={operator} />],
        ['メールアドレス', <MailLink key="m" email={operator.supportEmail} />],
        [
          '電話番号',
          <>
            {operator.phone}
            <br />
            受付時間：{operator.supportHours}
          </>,
        ],
      ]}
    />
  );
}

/**
 * The attribution and processed-data statement the NTA terms require (法人番号公表サイト利用規約,
 * 公共データ利用規約 第1.0版): the source, then separately that we processed it, never implying that
 * the government made or guarantees our pages.
 */
export function NtaAttribution({ operator, includeInvoice }: { operator: OperatorInfo; includeInvoice: boolean }) {
  const corp = NTA_SOURCES.corporateNumber;
  const invoice = NTA_SOURCES.invoice;
  return (
    <div className={s.attribution}>
      <p>
        {corp.attribution}（<ExternalLink href={corp.url}>{corp.url}</ExternalLink>）
        {includeInvoice ? (
          <>
            <br />
            {invoice.attribution}（<ExternalLink href={invoice.url}>{invoice.url}</ExternalLink>）
          </>
        ) : null}
      </p>
      <p>
        本サービスに掲載している法人情報は、{corp.siteName}
        {includeInvoice ? <>及び{invoice.siteName}</> : null}
        で公表されている情報を加工して{operator.name}
        が作成したものです。本サービスは国税庁が作成し、又は提供するものではなく、その内容は国税庁によって保証されたものではありません。
      </p>
      <p>国税庁が公表する情報は、{PUBLIC_DATA_LICENSE}に基づいて利用しています。</p>
    </div>
  );
}

/** Per-copy price table of the certificates (総額表示, domain.md §5). */
export function PriceTable({ prices }: { prices: readonly LegalPriceItem[] }) {
  const labels = {
    ministry: '法務局手数料（非課税）',
    service: 'サービス料（税込・送料込み）',
    total: 'お支払い合計（1通）',
    first: '初回ご購入時のお支払い合計（1通）',
  };
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <caption>証明書1通あたりの価格</caption>
        <thead>
          <tr>
            <th scope="col">証明書の種類</th>
            <th scope="col">{labels.ministry}</th>
            <th scope="col">{labels.service}</th>
            <th scope="col">{labels.total}</th>
            <th scope="col">{labels.first}</th>
          </tr>
        </thead>
        <tbody>
          {prices.map((item) => (
            <tr key={item.name}>
              <th scope="row">{item.name}</th>
              <td className={s.numeric} data-label={labels.ministry}>
                {formatYenNonTaxable(item.ministryFeeYen)}
              </td>
              <td className={s.numeric} data-label={labels.service}>
                {formatYenTaxIncluded(item.serviceFeeYenTaxIncluded)}
              </td>
              <td className={s.numeric} data-label={labels.total}>
                {formatYenTaxIncluded(item.ministryFeeYen + item.serviceFeeYenTaxIncluded)}
              </td>
              <td className={s.numeric} data-label={labels.first}>
                {formatYenTaxIncluded(item.ministryFeeYen + item.firstPurchaseServiceFeeYenTaxIncluded)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Cookies and browser storage keys, with why each exists and how long it stays. */
export function BrowserStorageTable({ entries }: { entries: readonly BrowserStorageEntry[] }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">名称</th>
            <th scope="col">種類</th>
            <th scope="col">利用目的</th>
            <th scope="col">保存期間</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.name}>
              <th scope="row">{entry.name}</th>
              <td data-label="種類">{entry.kind}</td>
              <td data-label="利用目的">{entry.purpose}</td>
              <td data-label="保存期間">{entry.lifetime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 電気通信事業法 27条の12: what is sent, to whom, and why, one block per destination. */
export function ExternalTransmissionList({ entries }: { entries: readonly ExternalTransmission[] }) {
  return (
    <>
      {entries.map((entry) => (
        <div key={entry.id} id={`external-${entry.id}`}>
          <Subheading>{entry.service}</Subheading>
          <Facts
            entries={[
              ['送信先', entry.recipient],
              ['送信されるページ', entry.pages],
              ['送信される情報', <SentenceBullets key="i" lines={entry.information} />],
              ['利用目的', <SentenceBullets key="p" lines={entry.purposes} />],
              ['送信の停止', entry.optOut],
              ...(entry.links.length > 0
                ? ([
                    [
                      '関連リンク',
                      <Bullets key="l">
                        {entry.links.map((link) => (
                          <li key={link.href}>
                            <ExternalLink href={link.href}>{link.label}</ExternalLink>
                          </li>
                        ))}
                      </Bullets>,
                    ],
                  ] as const)
                : []),
            ]}
          />
        </div>
      ))}
    </>
  );
}

/** The site's own address, e.g. for 「ウェブサイト」 rows. */
export function SiteLink({ operator }: { operator: OperatorInfo }) {
  const origin = siteOrigin(operator.siteUrl);
  return <a href={`${origin}/`}>{origin}/</a>;
}

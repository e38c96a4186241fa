import Link from '@/components/link';

import { getSiteInfo } from '@/config/site';
import { registryCoverageLead } from '@/features/registry';
import { registryCoverage } from '@/features/registry/index.server';
import { formatYen, formatYenTaxIncluded } from '@/lib/format';

import styles from './home.module.css';
import { THREE_D_SECURE } from '@/lib/payment-terms';

const STEPS = [
  { title: '会社を探す', text: '商号・フリガナ・法人番号で、全国の法人から目的の会社を検索します。' },
  { title: '証明書を選ぶ', text: '履歴事項全部証明書などの種類と通数、通常配送か速達かを選びます。' },
  { title: '送付先とお支払い', text: `郵便番号から住所を自動入力し、クレジットカード（${THREE_D_SECURE}対応）でお支払いいただきます。` },
  { title: 'お届け', text: '法務局から取得した証明書を郵送でお届けします。領収書（適格請求書）は PDF でダウンロードできます。' },
];

const CERTIFICATES = ['履歴事項全部証明書', '現在事項全部証明書', '閉鎖事項全部証明書', '代表者事項証明書'];

export default function HomePage() {
  const { fees, serviceName } = getSiteInfo();
  const total = fees.ministryYen + fees.serviceYen;
  const firstTotal = fees.ministryYen + fees.serviceFirstYen;
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title" className={styles.heroTitle}>
            全国の法人を検索して、
            <wbr />
            登記簿をオンラインで取り寄せ
          </h1>
          <p className={styles.heroLead}>
            {registryCoverageLead(registryCoverage())}登記事項証明書はご自宅やオフィスへ郵送でお届けします。
          </p>
          <form action="/search" method="get" role="search" className={styles.searchForm}>
            <label htmlFor="home-q" className="visually-hidden">
              会社名・フリガナ・法人番号
            </label>
            <input
              id="home-q"
              name="q"
              type="search"
              className={`input ${styles.searchInput}`}
              placeholder="会社名・フリガナ・法人番号"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={100}
            />
            <button type="submit" className={`button ${styles.searchButton}`}>
              検索する
            </button>
          </form>
          <p className={styles.heroNote}>
            会員登録なしで検索できます。会社の登記情報だけを無料で確認したい方は
            <Link href="/search-service">法人情報照会</Link>
            をご利用ください。
          </p>
        </div>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="features-title">
        <h2 id="features-title" className={styles.sectionTitle}>
          {serviceName} でできること
        </h2>
        <ul className={styles.features}>
          <li>
            <h3>すばやい会社検索</h3>
            <p>入力と同時に候補を表示します。「株式会社」の有無や、ひらがな・カタカナ・全角半角の違いも気にせず検索できます。</p>
          </li>
          <li>
            <h3>無料の法人情報照会</h3>
            <p>法人番号、所在地、商号の変更履歴、閉鎖の状況、インボイス登録の有無を無料で確認できます。</p>
          </li>
          <li>
            <h3>登記事項証明書の取り寄せ</h3>
            <p>法務局への請求を代行し、証明書を郵送でお届けします。お急ぎの場合は速達もお選びいただけます。</p>
          </li>
        </ul>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="steps-title">
        <h2 id="steps-title" className={styles.sectionTitle}>
          ご注文の流れ
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((step, i) => (
            <li key={step.title}>
              <span className={styles.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className={styles.small}>ご注文には会員登録（無料）が必要です。メールアドレスまたは Google アカウントで登録できます。</p>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="price-title">
        <h2 id="price-title" className={styles.sectionTitle}>
          料金
        </h2>
        <div className={styles.priceCard}>
          <p className={styles.priceMain}>
            証明書1通 <strong>{formatYenTaxIncluded(total)}</strong>
          </p>
          <p className={styles.priceBreakdown}>
            内訳：法務局の手数料 {formatYen(fees.ministryYen)}（非課税）＋ 当社手数料 {formatYenTaxIncluded(fees.serviceYen)}（送料込み）
          </p>
          <p className={styles.priceFirst}>
            初回ご利用の方は当社手数料が {formatYenTaxIncluded(fees.serviceFirstYen)} になり、1通 {formatYenTaxIncluded(firstTotal)}{' '}
            でお取り寄せいただけます。
          </p>
          <p className={styles.priceBreakdown}>
            速達をご希望の場合は、1回のご注文につき {formatYenTaxIncluded(fees.expressYen)} を加算します。
          </p>
          <p className={styles.small}>取り扱う証明書：{CERTIFICATES.join('・')}</p>
          <p className={styles.small}>
            お支払い方法・お届け時期・キャンセルについては
            <Link href="/help/specified-commercial-transaction-law">特定商取引法に基づく表記</Link>
            をご覧ください。
          </p>
        </div>
      </section>
    </>
  );
}

import Link from '@/components/link';

import { API_BATCH_MAX, API_CHANGES_DAYS, API_KEY_PREFIX, API_PROBLEMS } from '../rules';

import styles from './api.module.css';

interface Source {
  attribution: string;
  url: string;
}

type Operation = {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
};
type Doc = { paths: Record<string, Record<string, Operation>> };

export interface DevelopersPageProps {
  origin: string;
  doc: object;
  sources: { corporateNumber: Source; invoice: Source };
  license: string;
  limits: { monthlyQuota: number; keyPerSecond: number; ipPerSecond: number };
}

const n = (v: number) => v.toLocaleString('ja-JP');

/**
 * /developers (issue 26 §2): what the API is, its terms and attribution, its limits, examples in
 * curl, JavaScript and Python, and the reference rendered from the OpenAPI document itself.
 */
export function DevelopersPage({ origin, doc, sources, license, limits }: DevelopersPageProps) {
  const { paths } = doc as Doc;
  const key = `${API_KEY_PREFIX}…`;
  const curl = `curl -H "Authorization: Bearer $HOJIN_API_KEY" \\\n  "${origin}/v1/companies/1180301018771"`;
  const js = `const res = await fetch('${origin}/v1/companies?q=' + encodeURIComponent('トヨタ自動車'), {
  headers: { Authorization: \`Bearer \${process.env.HOJIN_API_KEY}\` },
});
if (!res.ok) throw new Error((await res.json()).detail); // RFC 9457 の detail は日本語
const { items, nextCursor } = await res.json();`;
  const py = `import os, requests

res = requests.post(
    "${origin}/v1/companies/batch",
    headers={"Authorization": f"Bearer {os.environ['HOJIN_API_KEY']}"},
    json={"items": ["1180301018771", "T1180301018771", "トヨタ自動車株式会社"]},
)
res.raise_for_status()
for row in res.json()["rows"]:
    print(row["input"], row["result"], row["invoice"] and row["invoice"]["statusLabel"])`;
  return (
    <article>
      <h1>hojin API（開発者向け）</h1>
      <p className={styles.lead}>
        法人番号・商号・所在地・インボイス登録を、プログラムや AI エージェントから確認できる JSON API と MCP サーバーです。会計・ERP
        の取引先チェック、CRM の正式名称・所在地の補完、取引開始時の確認（KYB）に使えます。
      </p>
      <nav aria-label="このページの目次">
        <ol className={styles.toc}>
          <li>
            <a href="#start">はじめかた</a>
          </li>
          <li>
            <a href="#limits">利用回数の上限</a>
          </li>
          <li>
            <a href="#examples">例（curl・JavaScript・Python）</a>
          </li>
          <li>
            <a href="#mcp">MCP サーバー（AI エージェント向け）</a>
          </li>
          <li>
            <a href="#reference">リファレンス</a>
          </li>
          <li>
            <a href="#errors">エラー</a>
          </li>
          <li>
            <a href="#terms">利用条件と出典</a>
          </li>
        </ol>
      </nav>

      <section id="start" className={styles.section}>
        <h2 className={styles.sectionTitle}>はじめかた</h2>
        <ol>
          <li>
            <Link href="/register">会員登録</Link>（無料）のあと、<Link href="/my-page/api">マイページの「API キー」</Link>
            でキーを作成します。キー（<code>{key}</code>）は作成したときに一度だけ表示されます。
          </li>
          <li>
            リクエストに <code>Authorization: Bearer {key}</code> を付けて送ります。答えは JSON で、どの答えにもデータの日付（
            <code>dataDate</code>、ヘッダー <code>X-Data-Date</code>）と <code>ETag</code> が付きます。
          </li>
          <li>
            仕様は OpenAPI 3.1 の文書 <a href="/v1/openapi.json">/v1/openapi.json</a>{' '}
            で公開しています（コード生成ツールにそのまま渡せます）。
          </li>
        </ol>
      </section>

      <section id="limits" className={styles.section}>
        <h2 className={styles.sectionTitle}>利用回数の上限</h2>
        <ul>
          <li>
            1か月（日本時間の1日から月末まで）に {n(limits.monthlyQuota)}{' '}
            リクエストまで無料（会員ごと、すべてのキーの合計）。80%と100%に達したときにメールでお知らせします。より多く必要な場合は
            <Link href="/developers/pricing">月額の有料プラン</Link>をご利用ください。
          </li>
          <li>
            1秒あたり：キーごとに {n(limits.keyPerSecond)} リクエスト、接続元アドレスごとに {n(limits.ipPerSecond)} リクエストまで。
          </li>
          <li>
            どの答えにも IETF の <code>RateLimit-Policy</code> と <code>RateLimit</code> ヘッダーが付きます。上限を超えると 429 と{' '}
            <code>Retry-After</code>（秒）を返します。
          </li>
          <li>
            一括確認は1回 {n(API_BATCH_MAX)} 件まで、変更情報は過去 {API_CHANGES_DAYS} 日分です。
          </li>
        </ul>
      </section>

      <section id="examples" className={styles.section}>
        <h2 className={styles.sectionTitle}>例</h2>
        <p className={styles.label}>curl：法人番号で1社を取得</p>
        <pre className={styles.code}>{curl}</pre>
        <p className={styles.label}>JavaScript（Node.js 18 以降・ブラウザ）：商号で検索</p>
        <pre className={styles.code}>{js}</pre>
        <p className={styles.label}>Python（requests）：取引先の一括確認</p>
        <pre className={styles.code}>{py}</pre>
      </section>

      <section id="mcp" className={styles.section}>
        <h2 className={styles.sectionTitle}>MCP サーバー（AI エージェント向け）</h2>
        <p>
          <code>{origin}/mcp</code> は Model Context Protocol の Streamable HTTP サーバーです。同じ API キーを{' '}
          <code>Authorization: Bearer</code> で送ります（1回の呼び出しが1リクエストとして数えられます）。ツール：
          <code>search_companies</code>、<code>get_company</code>、<code>check_invoice_registration</code>、<code>bulk_check</code>、
          <code>recent_changes</code>。
        </p>
        <pre className={styles.code}>{`{
  "mcpServers": {
    "hojin": {
      "type": "http",
      "url": "${origin}/mcp",
      "headers": { "Authorization": "Bearer ${key}" }
    }
  }
}`}</pre>
      </section>

      <section id="reference" className={styles.section}>
        <h2 className={styles.sectionTitle}>リファレンス</h2>
        {Object.entries(paths).map(([path, item]) =>
          Object.entries(item).map(([method, op]) => (
            <div key={`${method} ${path}`} className={styles.section}>
              <h3>
                <code>
                  {method.toUpperCase()} {path}
                </code>
                {op.summary ? `　${op.summary}` : ''}
              </h3>
              {op.description && <p>{op.description}</p>}
              {op.parameters && op.parameters.length > 0 && (
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">パラメーター</th>
                      <th scope="col">場所</th>
                      <th scope="col">必須</th>
                    </tr>
                  </thead>
                  <tbody>
                    {op.parameters.map((p) => (
                      <tr key={`${p.in}:${p.name}`}>
                        <td>
                          <code>{p.name}</code>
                          {p.description ? `：${p.description}` : ''}
                        </td>
                        <td>{p.in === 'path' ? 'パス' : 'クエリ'}</td>
                        <td>{p.required ? '必須' : '任意'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          )),
        )}
      </section>

      <section id="errors" className={styles.section}>
        <h2 className={styles.sectionTitle}>エラー</h2>
        <p>
          エラーは <code>application/problem+json</code>（RFC 9457）で返します。<code>detail</code> は日本語の説明、入力の誤りは{' '}
          <code>errors</code> に項目ごとの説明が入ります。
        </p>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">状態</th>
              <th scope="col">意味</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(API_PROBLEMS).map(([code, p]) => (
              <tr key={code} id={`problem-${code}`}>
                <td>
                  {p.status}（<code>{code}</code>）
                </td>
                <td>{p.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section id="terms" className={styles.section}>
        <h2 className={styles.sectionTitle}>利用条件と出典</h2>
        <p>
          API の答えは国税庁が公表するデータを hojin が加工して作成したものです。答えを表示・再配布するときは、次の出典と「hojin
          が加工して作成」の旨を示してください（{license}）。
        </p>
        <ul>
          <li>
            {sources.corporateNumber.attribution}（<a href={sources.corporateNumber.url}>{sources.corporateNumber.url}</a>）
          </li>
          <li>
            {sources.invoice.attribution}（<a href={sources.invoice.url}>{sources.invoice.url}</a>）
          </li>
        </ul>
        <p>
          国税庁のデータの更新には数日の遅れがあります。取引の判断には、答えの <code>dataDate</code>{' '}
          を確かめ、必要に応じて公表サイトでもご確認ください。そのほかは<Link href="/help/terms-of-use">利用規約</Link>に従います。
        </p>
      </section>
    </article>
  );
}

'use client';

/** Last resort when the root layout itself fails: no shared layout, inline styles only. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="ja">
      <body style={{ fontFamily: 'sans-serif', padding: '48px 16px', textAlign: 'center', color: '#1f2933' }}>
        <h1 style={{ fontSize: '22px' }}>ページを表示できませんでした</h1>
        <p>一時的な問題が発生しています。しばらくしてからもう一度お試しください。</p>
        <button type="button" onClick={() => reset()} style={{ minHeight: 44, padding: '0 20px', fontSize: 16 }}>
          もう一度読み込む
        </button>
      </body>
    </html>
  );
}

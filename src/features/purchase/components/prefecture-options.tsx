import { PREFECTURE_NAMES } from '@/lib/prefectures';

/**
 * The recipient step's 都道府県 options, rendered on the server and handed to the form as a slot:
 * the 47 names travel in the page's HTML and RSC payload instead of the step's first-load
 * JavaScript (issue 13's 130 KiB; docs/decisions/0047). The values are the names the order API
 * and the postal-code fill use.
 */
export function PrefectureOptions() {
  return (
    <>
      <option value="">選択してください</option>
      {PREFECTURE_NAMES.map((p) => (
        <option key={p} value={p}>
          {p}
        </option>
      ))}
    </>
  );
}

// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';

import type { FieldMap } from './error-summary';
import { useSummaryOnDemand } from './summary-on-demand';

/** The summary loaded on demand: absent until errors exist; a submit shows it and focuses it in one go. */

configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

const FIELDS: FieldMap = { name: { label: 'カード名義', id: 'name' } };

function Form() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const summary = useSummaryOnDemand(Object.values(errors).some(Boolean));
  const ref = useRef<HTMLDivElement | null>(null);
  async function submit() {
    const kit = await summary.prepare();
    flushSync(() => {
      setErrors({ name: 'カード名義を入力してください。' });
      kit.show();
    });
    kit.focus(ref);
  }
  return (
    <>
      {summary.Summary ? <summary.Summary message={null} errors={errors} fields={FIELDS} summaryRef={ref} /> : null}
      <input id="name" onBlur={() => setErrors({ name: '半角英字で入力してください。' })} />
      <button type="button" onClick={() => void submit()}>
        送る
      </button>
    </>
  );
}

describe('useSummaryOnDemand', () => {
  it('shows no summary until there are errors, then follows errors shown on leaving a field', async () => {
    render(<Form />);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(document.getElementById('name')!);
    expect((await screen.findByRole('alert')).textContent).toContain('半角英字で入力してください。');
  });

  it('shows the summary of a submit in the same commit as its errors, and focuses it', async () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: '送る' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('カード名義を入力してください。');
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });
});

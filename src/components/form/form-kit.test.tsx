// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { z } from '@/lib/zod-ja';

import { ErrorSummary, type FieldMap } from './error-summary';
import { Field } from './field';
import { FieldGroup } from './group';
import { CheckboxField, TextField } from './inputs';
import { OFFLINE_MESSAGE } from './messages';
import { useFormState } from './use-form-state';

/**
 * The form kit (docs/decisions/0032) in a DOM: every field is named by its label and described by
 * its support text and its error, says when it is wrong, and a failed submit lists the errors in a
 * summary that is announced (role=alert), takes the focus, and links to each field.
 */

configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

const FIELDS: FieldMap = {
  email: { label: 'メールアドレス', id: 'email' },
  agreement: { label: '利用規約への同意', id: 'agreement' },
};

const Schema = z.strictObject({
  email: z.string().min(1, 'メールアドレスを入力してください。'),
  agreement: z.literal(true, { error: '利用規約に同意してください。' }),
});

/** A form of two fields on the kit; its schema comes from `load` (a lazy module in the pages) and `send` stands for the API. */
function TestForm({ load, send }: { load: () => Promise<typeof Schema>; send: (data: z.output<typeof Schema>) => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [agreement, setAgreement] = useState(false);
  const form = useFormState(FIELDS);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(load, { email, agreement }, send);
  };
  return (
    <>
      <ErrorSummary message={form.message} errors={form.errors} fields={FIELDS} summaryRef={form.summaryRef} />
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="email"
          label="メールアドレス"
          required
          support="例：taro@example.jp"
          value={email}
          onValue={setEmail}
          error={form.errors.email}
        />
        <CheckboxField id="agreement" checked={agreement} onChecked={setAgreement} error={form.errors.agreement}>
          利用規約に同意します
        </CheckboxField>
        <button type="submit" disabled={form.busy}>
          送信する
        </button>
      </form>
    </>
  );
}

describe('Field', () => {
  it('names the control by its label with 必須/任意 and describes it by the support text', () => {
    render(
      <>
        <Field id="a" label="宛名" required support="例：山田 太郎">
          {(a11y) => <input {...a11y} />}
        </Field>
        <Field id="b" label="建物名">
          {(a11y) => <input {...a11y} />}
        </Field>
      </>,
    );
    const a = screen.getByRole('textbox', { name: /^宛名\s*必須$/ });
    expect(a.getAttribute('aria-describedby')).toBe('a-support');
    expect(document.getElementById('a-support')?.textContent).toBe('例：山田 太郎');
    expect(a.getAttribute('aria-invalid')).toBe('false');
    expect(a.getAttribute('aria-required')).toBe('true');
    const b = screen.getByRole('textbox', { name: /^建物名\s*任意$/ });
    expect(b.hasAttribute('aria-describedby')).toBe(false);
    expect(b.getAttribute('aria-required')).toBe('false');
  });

  it('shows the error under the field, marks it invalid and adds the error to its description', () => {
    render(
      <Field id="a" label="宛名" required support="例：山田 太郎" error="お届け先の宛名を入力してください。">
        {(a11y) => <input {...a11y} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /^宛名\s*必須$/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('a-support a-error');
    expect(document.getElementById('a-error')?.textContent).toBe('お届け先の宛名を入力してください。');
    expect(input.className).toMatch(/^input /);
  });

  it('groups a part without a native control under its label', () => {
    render(
      <FieldGroup
        id="card"
        label="カード情報"
        required
        support="PAY.JP の入力欄に直接入力されます。"
        error="カード番号を確認してください。"
      >
        <div>iframe</div>
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: /^カード情報\s*必須$/ });
    expect(group.getAttribute('aria-describedby')).toBe('card-support card-error');
  });
});

describe('ErrorSummary and useFormState', () => {
  it('shows every error under its field and in the summary, which is an alert and takes the focus', async () => {
    const send = vi.fn(async () => {});
    render(<TestForm load={async () => Schema} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: '送信する' }));

    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('heading').textContent).toBe('入力内容に誤りがあります。各項目をご確認ください。');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
      // A message that names its field comes alone; one that does not, after the field's label.
    ).toEqual(['メールアドレスを入力してください。', '利用規約への同意：利用規約に同意してください。']);
    const email = screen.getByRole('textbox', { name: /^メールアドレス\s*必須$/ });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('email-support email-error');
    expect(document.getElementById('email-error')?.textContent).toBe('メールアドレスを入力してください。');
    const agreement = screen.getByRole('checkbox');
    expect(agreement.getAttribute('aria-invalid')).toBe('true');
    expect(agreement.getAttribute('aria-describedby')).toBe('agreement-error');
    expect(send).not.toHaveBeenCalled();

    // A link of the summary moves the focus to its field.
    fireEvent.click(within(summary).getByRole('link', { name: /同意/ }));
    expect(document.activeElement).toBe(agreement);
  });

  it('sends what the schema gives and clears the errors once the form is right', async () => {
    const send = vi.fn(async () => {});
    render(<TestForm load={async () => Schema} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: '送信する' }));
    await screen.findByRole('alert');
    fireEvent.change(screen.getByRole('textbox', { name: /^メールアドレス\s*必須$/ }), { target: { value: 'taro@example.jp' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '送信する' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ email: 'taro@example.jp', agreement: true }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('textbox', { name: /^メールアドレス\s*必須$/ }).getAttribute('aria-invalid')).toBe('false');
    expect(document.getElementById('email-error')).toBeNull();
  });

  it('sends once when the button is tapped again while the schema is still loading (a slow connection)', async () => {
    const send = vi.fn(async () => {});
    let loaded: (schema: typeof Schema) => void = () => {};
    const load = vi.fn(() => new Promise<typeof Schema>((resolve) => (loaded = resolve)));
    render(<TestForm load={load} send={send} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^メールアドレス\s*必須$/ }), { target: { value: 'taro@example.jp' } });
    fireEvent.click(screen.getByRole('checkbox'));
    const button = screen.getByRole('button', { name: '送信する' });
    fireEvent.click(button);
    fireEvent.click(button);
    loaded(Schema);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    // and once that submit is over, the form can be sent again
    fireEvent.click(button);
    loaded(Schema);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('puts the server’s field errors under the fields and its message at the top', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(422, 'validation_failed', 'このメールアドレスは登録できません。', {
        email: 'このメールアドレスは使われています。',
        other: '表示しない項目',
      });
    });
    render(<TestForm load={async () => Schema} send={send} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^メールアドレス\s*必須$/ }), { target: { value: 'taro@example.jp' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '送信する' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('heading').textContent).toBe('このメールアドレスは登録できません。');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['このメールアドレスは使われています。']);
    expect(document.getElementById('email-error')?.textContent).toBe('このメールアドレスは使われています。');
  });

  it('says so and sends nothing when the schema cannot be loaded', async () => {
    const send = vi.fn(async () => {});
    render(<TestForm load={() => Promise.reject(new Error('chunk load failed'))} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: '送信する' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading').textContent).toBe(OFFLINE_MESSAGE);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(send).not.toHaveBeenCalled();
  });

  it('heads the summary with the message of a value that has no field (e.g. a request id)', async () => {
    const send = vi.fn(async () => {});
    const WithId = z.strictObject({
      requestId: z.uuid({ error: '最初からやり直してください。' }),
      email: z.string().min(1, 'メールアドレスを入力してください。'),
    });
    function IdForm() {
      const form = useFormState(FIELDS);
      return (
        <>
          <ErrorSummary message={form.message} errors={form.errors} fields={FIELDS} summaryRef={form.summaryRef} />
          <button type="button" onClick={() => void form.submit(WithId, { requestId: 'x', email: 'a@example.jp' }, send)}>
            送信する
          </button>
        </>
      );
    }
    render(<IdForm />);
    fireEvent.click(screen.getByRole('button', { name: '送信する' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading').textContent).toBe('最初からやり直してください。');
    expect(send).not.toHaveBeenCalled();
  });

  it('lists neither cleared errors nor names it has no field for', () => {
    const ref = { current: null };
    const { container } = render(<ErrorSummary message={null} errors={{ email: '', nope: 'x' }} fields={FIELDS} summaryRef={ref} />);
    expect(container.innerHTML).toBe('');
  });
});

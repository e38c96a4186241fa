// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Field } from './field';

afterEach(cleanup);

/** The texts the control's aria-describedby points at, in order. */
function description(el: HTMLElement): string[] {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`);
}

describe('back office Field', () => {
  it('marks the control invalid and describes it by the error and the hint', () => {
    render(
      <Field id="amountYen" label="返金額（円）" hint="半角数字で入力してください。" error="返金額が決済額を超えています。">
        <input id="amountYen" name="amountYen" />
      </Field>,
    );
    const input = screen.getByLabelText('返金額（円）');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toEqual(['返金額が決済額を超えています。', '半角数字で入力してください。']);
  });

  it('without an error the control is not invalid and is described by the hint only', () => {
    render(
      <Field id="note" label="メモ" hint="社内向けのメモです。">
        <textarea id="note" name="note" />
      </Field>,
    );
    const note = screen.getByLabelText('メモ');
    expect(note.hasAttribute('aria-invalid')).toBe(false);
    expect(description(note)).toEqual(['社内向けのメモです。']);
  });

  it('with neither, the control has no description', () => {
    render(
      <Field id="title" label="タイトル">
        <input id="title" name="title" />
      </Field>,
    );
    expect(screen.getByLabelText('タイトル').hasAttribute('aria-describedby')).toBe(false);
  });
});

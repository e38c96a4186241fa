'use client';

import { useState } from 'react';

import s from './reference.module.css';

/** Copies a value (the 法人番号) to the clipboard and says so to screen readers too. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
    window.setTimeout(() => setState('idle'), 2500);
  };
  return (
    <>
      <button type="button" className={`button-secondary button ${s.copyButton}`} onClick={copy} aria-label={`${label}をコピー`}>
        {state === 'copied' ? 'コピーしました' : 'コピー'}
      </button>
      <span role="status" className="visually-hidden">
        {state === 'copied'
          ? `${label}をコピーしました`
          : state === 'failed'
            ? 'コピーできませんでした。番号を選択してコピーしてください。'
            : ''}
      </span>
    </>
  );
}

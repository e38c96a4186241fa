import { describe, expect, it } from 'vitest';

import { parseApiErrorBody } from './api-error';

describe('parseApiErrorBody (the API client reads error answers without zod)', () => {
  it('accepts the one error shape, with and without fields', () => {
    expect(
      parseApiErrorBody({ error: { code: 'validation_failed', message: '入力内容に誤りがあります。', fields: { email: '必須です。' } } }),
    ).toEqual({
      error: { code: 'validation_failed', message: '入力内容に誤りがあります。', fields: { email: '必須です。' } },
    });
    expect(parseApiErrorBody({ error: { code: 'not_found', message: '見つかりません。' } })).toEqual({
      error: { code: 'not_found', message: '見つかりません。' },
    });
  });

  it.each([
    ['null (an HTML error page)', null],
    ['a string', 'Bad Gateway'],
    ['no error object', { code: 'x', message: 'y' }],
    ['error is an array', { error: [] }],
    ['code not a string', { error: { code: 1, message: 'y' } }],
    ['message missing', { error: { code: 'x' } }],
    ['fields not an object', { error: { code: 'x', message: 'y', fields: 'email' } }],
    ['a field message not a string', { error: { code: 'x', message: 'y', fields: { email: 1 } } }],
  ])('refuses %s', (_name, value) => {
    expect(parseApiErrorBody(value)).toBeNull();
  });
});

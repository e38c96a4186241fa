import { beforeEach, describe, expect, it, vi } from 'vitest';

const logged = vi.hoisted(() => ({ info: vi.fn(), error: vi.fn() }));
vi.mock('@/server/logger', () => ({ logger: logged }));

import { AppError } from './app-error';
import { logRecoveredFailure } from './log-recovered';

describe('logRecoveredFailure', () => {
  beforeEach(() => {
    logged.info.mockReset();
    logged.error.mockReset();
  });

  it('logs an expected 4xx failure as info with its code, without the error and its stack', () => {
    logRecoveredFailure(new AppError('not_found', { message: 'ご注文が見つかりませんでした。' }), 'could not render the order');
    expect(logged.error).not.toHaveBeenCalled();
    expect(logged.info).toHaveBeenCalledWith({ errorCode: 'not_found', status: 404 }, 'could not render the order');
  });

  it('logs a 5xx AppError and an unexpected throw as errors with the error', () => {
    const internal = new AppError('internal_error');
    const unexpected = new Error('connection refused');
    logRecoveredFailure(internal, 'a');
    logRecoveredFailure(unexpected, 'b');
    expect(logged.info).not.toHaveBeenCalled();
    expect(logged.error).toHaveBeenNthCalledWith(1, { err: internal }, 'a');
    expect(logged.error).toHaveBeenNthCalledWith(2, { err: unexpected }, 'b');
  });
});

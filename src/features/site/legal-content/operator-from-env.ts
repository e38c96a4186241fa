import type { Env } from '@/config/env';
import { operatorFromEnv, type OperatorEnv } from '@/config/site';
import { OperatorInfoSchema, type OperatorInfo } from './types';

/**
 * Maps the validated configuration to what the legal pages print. Takes the values as an
 * argument (rather than calling getEnv) so it stays pure and usable in tests and in any route.
 */
export function operatorInfoFromEnv(env: OperatorEnv & Pick<Env, 'SERVICE_NAME' | 'APP_BASE_URL'>): OperatorInfo {
  return OperatorInfoSchema.parse({
    ...operatorFromEnv(env),
    serviceName: env.SERVICE_NAME,
    siteUrl: env.APP_BASE_URL,
  });
}

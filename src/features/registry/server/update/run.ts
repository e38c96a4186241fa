import 'server-only';

import type { Env } from '@/config/env';
import { type RegistryUpdateResult, type RegistryUpdateSource, updateRegistry } from './update';

/** The update source the configuration asks for: the Web-API with an application ID, else the folder. */
export function configuredUpdateSource(env: Env): RegistryUpdateSource {
  return env.NTA_APPLICATION_ID !== undefined
    ? { kind: 'api', baseUrl: env.NTA_API_BASE, applicationId: env.NTA_APPLICATION_ID }
    : { kind: 'folder', dir: env.paths.registryUpdates };
}

/** One update of the configured registry file from the configured source. */
export function runConfiguredUpdate(env: Env, today?: string): Promise<RegistryUpdateResult> {
  return updateRegistry({ targetPath: env.paths.registry, source: configuredUpdateSource(env), ...(today ? { today } : {}) });
}

import 'server-only';

import path from 'node:path';
import type { Env } from '@/config/env';
import { type InvoiceUpdateResult, type InvoiceUpdateSource, updateInvoices } from './invoice-update';
import { type RegistryUpdateResult, type RegistryUpdateSource, updateRegistry } from './update';

/** The registry update source the configuration asks for: the Web-API with an application ID, else the folder. */
export function configuredUpdateSource(env: Env): RegistryUpdateSource {
  return env.NTA_APPLICATION_ID !== undefined
    ? { kind: 'api', baseUrl: env.NTA_API_BASE, applicationId: env.NTA_APPLICATION_ID }
    : { kind: 'folder', dir: env.paths.registryUpdates };
}

/** The same for the invoice file (its files go in the `invoice` folder under REGISTRY_UPDATE_DIR). */
export function configuredInvoiceSource(env: Env): InvoiceUpdateSource {
  return env.INVOICE_APPLICATION_ID !== undefined
    ? { kind: 'api', baseUrl: env.INVOICE_API_BASE, applicationId: env.INVOICE_APPLICATION_ID }
    : { kind: 'folder', dir: path.join(env.paths.registryUpdates, 'invoice') };
}

/** One update of the configured registry file from the configured source. */
export function runConfiguredUpdate(env: Env, today?: string): Promise<RegistryUpdateResult> {
  return updateRegistry({ targetPath: env.paths.registry, source: configuredUpdateSource(env), ...(today ? { today } : {}) });
}

/** One update of the configured invoice file. */
export function runConfiguredInvoiceUpdate(env: Env, today?: string): Promise<InvoiceUpdateResult> {
  return updateInvoices({ targetPath: env.paths.invoice, source: configuredInvoiceSource(env), ...(today ? { today } : {}) });
}

import 'server-only';

import path from 'node:path';
import type { RegistryUpdateConfig } from '@/config/server';
import { type InvoiceUpdateResult, type InvoiceUpdateSource, updateInvoices } from './invoice-update';
import { type RegistryUpdateResult, type RegistryUpdateSource, updateRegistry } from './update';

/** The registry update source the configuration asks for: the Web-API with an application ID, else the folder. */
export function configuredUpdateSource(config: RegistryUpdateConfig): RegistryUpdateSource {
  return config.nta !== null ? { kind: 'api', ...config.nta } : { kind: 'folder', dir: config.updatesDir };
}

/** The same for the invoice file (its files go in the `invoice` folder under REGISTRY_UPDATE_DIR). */
export function configuredInvoiceSource(config: RegistryUpdateConfig): InvoiceUpdateSource {
  return config.invoice !== null ? { kind: 'api', ...config.invoice } : { kind: 'folder', dir: path.join(config.updatesDir, 'invoice') };
}

/** One update of the configured registry file from the configured source. */
export function runConfiguredUpdate(config: RegistryUpdateConfig, today?: string): Promise<RegistryUpdateResult> {
  return updateRegistry({ targetPath: config.registryPath, source: configuredUpdateSource(config), ...(today ? { today } : {}) });
}

/** One update of the configured invoice file. */
export function runConfiguredInvoiceUpdate(config: RegistryUpdateConfig, today?: string): Promise<InvoiceUpdateResult> {
  return updateInvoices({ targetPath: config.invoicePath, source: configuredInvoiceSource(config), ...(today ? { today } : {}) });
}

import { getSiteInfo, type SiteInfo } from '@/config/site';
import { OperatorInfoSchema, type OperatorInfo } from './types';

/**
 * What the legal pages print about the operator: the configured operator (`getSiteInfo()`, the
 * one mapping from OPERATOR_* that receipts and mail use too) with the service name and origin.
 * Takes the site information as an argument so tests can give their own.
 */
export function legalOperatorInfo(site: Pick<SiteInfo, 'operator' | 'serviceName' | 'siteUrl'> = getSiteInfo()): OperatorInfo {
  return OperatorInfoSchema.parse({ ...site.operator, serviceName: site.serviceName, siteUrl: site.siteUrl });
}

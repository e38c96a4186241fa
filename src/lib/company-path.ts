/** The address of a company's page (company-reference), for links from search results, the watch list and its mails. */
export function referencePath(corporateNumber: string): string {
  return `/search-service/result?corporateNumber=${corporateNumber}`;
}

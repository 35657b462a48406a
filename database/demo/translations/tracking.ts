/** Spanish texts of one area; see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // The edit customer page's Tracking tab (CRM spec §2.9).
  URL: 'URL',
}

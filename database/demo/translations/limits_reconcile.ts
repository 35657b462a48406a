/** Spanish texts of exposure limits and the books' reconciliation (issue 24 items 4 and 6); see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // Exposure limits.
  "This order would take the broker's net exposure on {instrument} beyond its limit of {limit} USD":
    'Esta orden llevaría la exposición neta del bróker en {instrument} más allá de su límite de {limit} USD',
  "The broker's exposure limit on the instrument was reached":
    'Se alcanzó el límite de exposición del bróker en el instrumento',
}

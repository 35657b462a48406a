/** Spanish texts of one area (server-side trailing stop, issue 23 item 2); see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // PUT /dashboard/orders/:id answers.
  'Trailing Stop Set Successfully': 'Trailing stop fijado correctamente',
  'Trailing Stop Removed': 'Trailing stop eliminado',
  // The server's refusals under `trailing`.
  'Trailing distance must be a positive number such as 0.0015 or 15':
    'La distancia del trailing stop debe ser un número positivo como 0.0015 o 15',
  'Trailing distance must be greater than zero':
    'La distancia del trailing stop debe ser mayor que cero',
  'Trailing distance must have at most 8 decimals':
    'La distancia del trailing stop debe tener como máximo 8 decimales',
  'Trailing distance in pips has too many decimals':
    'La distancia del trailing stop en pips tiene demasiados decimales',
  'Trailing distance must be at least one price step ({step})':
    'La distancia del trailing stop debe ser de al menos un paso de precio ({step})',
  'Trailing distance must be less than the current price ({current})':
    'La distancia del trailing stop debe ser menor que el precio actual ({current})',
  // The staff trades table: the stop-loss column's trailing distance.
  'Trailing': 'Trailing',
}

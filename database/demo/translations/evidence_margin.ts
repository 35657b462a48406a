/** Spanish texts of execution evidence and margin-call/stop-out messages (issue 24 items 2 and 5); see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // Quote sources (feed names as customers read them).
  'Polygon': 'Polygon',
  'EODHD': 'EODHD',
  'OANDA': 'OANDA',
  'CurrencyAPI': 'CurrencyAPI',
  'Simulator': 'Simulador',
  'Stored price': 'Precio almacenado',
  // Notifications.
  'Trailing stop executed': 'Trailing stop ejecutado',
  'Your margin level is {level}%, at or below the margin-call level of {callLevel}%. Positions are closed automatically at {stopOutLevel}%: add funds or reduce your positions.':
    'Su nivel de margen es del {level}%, igual o inferior al nivel de llamada de margen del {callLevel}%. Las posiciones se cierran automáticamente al {stopOutLevel}%: añada fondos o reduzca sus posiciones.',
}

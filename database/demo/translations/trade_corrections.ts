/** Spanish texts of one area (bounded trade corrections, issue 21 item 2); see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // The order edit dialog's confirmation of a rate far from the market.
  'Apply this rate although it is far from the market':
    'Aplicar esta tasa aunque esté lejos del mercado',
  'The audit log records the confirmation and the distance from the quote.':
    'El registro de auditoría guarda la confirmación y la distancia a la cotización.',
  // The server's refusals.
  'Confirm to apply a rate this far from the market':
    'Confirme para aplicar una tasa tan lejana del mercado',
  'There is no current quote to check this rate against; it must be confirmed':
    'No hay una cotización actual con la que comparar esta tasa; debe confirmarse',
  'Open rate is {deviation}% away from the current quote ({quote}); more than {limit}% must be confirmed':
    'La tasa de apertura está a un {deviation}% de la cotización actual ({quote}); más de un {limit}% debe confirmarse',
  'Close rate is {deviation}% away from the current quote ({quote}); more than {limit}% must be confirmed':
    'La tasa de cierre está a un {deviation}% de la cotización actual ({quote}); más de un {limit}% debe confirmarse',
  'Force must be true or false': 'Forzar debe ser verdadero o falso',
  // The customer's notification of a stop-out a correction caused.
  'Stop out': 'Stop out',
  'Position #{id} {instrument} was closed: after a correction by the broker your margin level reached the stop-out level.':
    'La posición #{id} {instrument} se cerró: tras una corrección del bróker su nivel de margen alcanzó el nivel de stop out.',
  // Audit Log field names of corrections and of writes made while logged in as the customer.
  'Confirmed Far From Market': 'Confirmada lejos del mercado',
  'Distance From Market': 'Distancia al mercado',
  'Positions Stopped Out': 'Posiciones cerradas por stop out',
  'Active Wallet': 'Billetera activa',
  'KYC Document': 'Documento KYC',
  'Order': 'Orden',
  '[redacted]': '[oculto]',
}

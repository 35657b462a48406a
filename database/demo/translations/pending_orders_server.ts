/** Spanish texts of pending orders' server side (issue 23 item 1); see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // Order kinds, expiry choices and why an order ended.
  'Buy Limit': 'Compra límite',
  'Buy Stop': 'Compra stop',
  'Sell Limit': 'Venta límite',
  'Sell Stop': 'Venta stop',
  'Good till cancelled': 'Válida hasta cancelar',
  'End of day': 'Fin del día',
  'Date and time': 'Fecha y hora',
  'Cancelled by you': 'Cancelada por usted',
  'Cancelled by the broker': 'Cancelada por el bróker',
  'Expired': 'Vencida',
  'Not enough free margin when the price was reached':
    'Margen libre insuficiente cuando se alcanzó el precio',
  'The instrument could not be traded when the price was reached':
    'El instrumento no se podía operar cuando se alcanzó el precio',
  // Placement refusals.
  'Price must be greater than zero': 'El precio debe ser mayor que cero',
  'A buy limit price must be below the ask ({ask})':
    'El precio de una compra límite debe estar por debajo del ask ({ask})',
  'A buy stop price must be above the ask ({ask})':
    'El precio de una compra stop debe estar por encima del ask ({ask})',
  'A sell limit price must be above the bid ({bid})':
    'El precio de una venta límite debe estar por encima del bid ({bid})',
  'A sell stop price must be below the bid ({bid})':
    'El precio de una venta stop debe estar por debajo del bid ({bid})',
  'Take profit must be above the order price ({shown})':
    'El take profit debe estar por encima del precio de la orden ({shown})',
  'Take profit must be between 0 and the order price ({shown})':
    'El take profit debe estar entre 0 y el precio de la orden ({shown})',
  'Stop loss must be between 0 and the order price ({shown})':
    'El stop loss debe estar entre 0 y el precio de la orden ({shown})',
  'Stop loss must be above the order price ({shown})':
    'El stop loss debe estar por encima del precio de la orden ({shown})',
  // Notifications.
  'Pending order filled': 'Orden pendiente ejecutada',
  '{name} filled at {fillRate}: position #{orderId} opened.':
    '{name} ejecutada a {fillRate}: se abrió la posición #{orderId}.',
  'Pending order cancelled': 'Orden pendiente cancelada',
  '{name}: {why}.': '{name}: {why}.',
  'Pending order expired': 'Orden pendiente vencida',
  '{name} expired without being filled.': '{name} venció sin ejecutarse.',
}

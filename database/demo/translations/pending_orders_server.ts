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
  // Answers of the pending-order routes.
  'Pending Order Placed Successfully': 'Orden pendiente colocada correctamente',
  'Pending Order Modified Successfully': 'Orden pendiente modificada correctamente',
  'Pending Order Cancelled Successfully': 'Orden pendiente cancelada correctamente',
  'Pending order cancelled successfully': 'Orden pendiente cancelada correctamente',
  'This order is no longer pending': 'Esta orden ya no está pendiente',
  'Change the price, a target or the expiry': 'Cambie el precio, un objetivo o el vencimiento',
  'Choose when the order expires': 'Elija cuándo vence la orden',
  'Expiry must be in the future': 'El vencimiento debe estar en el futuro',
  // Field messages.
  'Execution must be market, limit or stop': 'La ejecución debe ser market, limit o stop',
  'Price must be a rate such as 1.08652': 'El precio debe ser una tasa como 1.08652',
  'Price is required for limit and stop orders':
    'El precio es obligatorio en las órdenes límite y stop',
  'Expiry must be gtc, day or date': 'El vencimiento debe ser gtc, day o date',
  'Expiry must be a date and time such as 2026-12-31T17:00:00Z':
    'El vencimiento debe ser una fecha y hora como 2026-12-31T17:00:00Z',
  'Status must be pending or history': 'El estado debe ser pending o history',
  'Status must be pending, history or all': 'El estado debe ser pending, history o all',
  // The audit log.
  'Pending order modified as the customer': 'Orden pendiente modificada como el cliente',
  'Pending order cancelled as the customer': 'Orden pendiente cancelada como el cliente',
  'Pending order': 'Orden pendiente',
  'Pending Order': 'Orden pendiente',
  'Execution': 'Ejecución',
  'Expires At': 'Vence el',
}

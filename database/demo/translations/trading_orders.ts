/**
 * Spanish texts of one area (issue 23, customer screens: pending orders,
 * partial close, trailing stop, orders history); see database/demo/translations.ts.
 */
export const TEXTS: Record<string, string> = {
  // The Buy and Sell dialog's Market / Pending choice.
  'Order execution': 'Ejecución de la orden',
  'Market': 'Mercado',
  'Order type': 'Tipo de orden',
  'Buy Limit': 'Compra límite',
  'Buy Stop': 'Compra stop',
  'Sell Limit': 'Venta límite',
  'Sell Stop': 'Venta stop',
  'Expiry': 'Vencimiento',
  'Good till cancelled': 'Válida hasta cancelar',
  'End of trading day': 'Fin de la jornada de negociación',
  'End of day': 'Fin del día',
  'Date and time': 'Fecha y hora',
  'Expires at (UTC)': 'Vence el (UTC)',
  'Required margin at the order price': 'Margen requerido al precio de la orden',
  'Pending Order Placed Successfully': 'Orden pendiente colocada correctamente',
  // Where a pending order's price and targets may sit.
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
    'La toma de ganancias debe estar por encima del precio de la orden ({shown})',
  'Take profit must be between 0 and the order price ({shown})':
    'La toma de ganancias debe estar entre 0 y el precio de la orden ({shown})',
  'Stop loss must be between 0 and the order price ({shown})':
    'El stop loss debe estar entre 0 y el precio de la orden ({shown})',
  'Stop loss must be above the order price ({shown})':
    'El stop loss debe estar por encima del precio de la orden ({shown})',
  // The Pending Orders tab, its Modify modal and Cancel confirmation.
  'Pending Orders': 'Órdenes pendientes',
  'No pending orders': 'No hay órdenes pendientes',
  'Modify': 'Modificar',
  'Modify Order': 'Modificar orden',
  'Cancel Order': 'Cancelar orden',
  'Cancel this pending order? It will not be filled.':
    '¿Cancelar esta orden pendiente? No se ejecutará.',
  'Enter a rate such as 1.08652': 'Introduzca una tasa como 1.08652',
  'Choose the date and time the order expires': 'Elija la fecha y hora en que vence la orden',
  // The positions' Close menu: close all or part, trailing stop.
  'More actions': 'Más acciones',
  'Close all': 'Cerrar todo',
  'Close part': 'Cerrar una parte',
  'Open units: {units}': 'Unidades abiertas: {units}',
  'Units to close': 'Unidades a cerrar',
  'Amount must be greater than zero': 'El importe debe ser mayor que cero',
  'Choose one of the offered lot sizes': 'Elija uno de los tamaños de lote ofrecidos',
  'Trailing stop': 'Stop dinámico',
  'Trailing {pips} pips': 'Dinámico {pips} pips',
  'Trailing {distance}': 'Dinámico {distance}',
  'Trail the stop-loss': 'Hacer dinámico el stop loss',
  'Off: the stop-loss stays where it is.': 'Desactivado: el stop loss se queda donde está.',
  'Distance (pips)': 'Distancia (pips)',
  'Distance (price)': 'Distancia (precio)',
  'Enter a distance greater than zero': 'Introduzca una distancia mayor que cero',
  'The stop-loss follows the price at this distance as it improves and never moves back. It runs on our servers, also while you are offline.':
    'El stop loss sigue al precio a esta distancia cuando mejora y nunca retrocede. Funciona en nuestros servidores, también cuando usted no está conectado.',
  // Statements: closed trades and the orders history.
  'Closed trades': 'Operaciones cerradas',
  'Orders history': 'Historial de órdenes',
  'part of #{ticket}': 'parte de #{ticket}',
  'Filled': 'Ejecutada',
  'Expired': 'Vencida',
  'Cancelled': 'Cancelada',
  'Position': 'Posición',
  'Resolved': 'Resuelta',
  '#{ticket} at {rate}': '#{ticket} a {rate}',
  'No filled, cancelled or expired orders yet':
    'Aún no hay órdenes ejecutadas, canceladas ni vencidas',
  'Cancelled by you': 'Cancelada por usted',
  'Cancelled by the broker': 'Cancelada por el bróker',
  'Not enough free margin when the price was reached':
    'Margen libre insuficiente cuando se alcanzó el precio',
  'The instrument could not be traded when the price was reached':
    'El instrumento no se podía negociar cuando se alcanzó el precio',
  // The server's answers these screens show (pending orders back end).
  'Change the price, a target or the expiry': 'Cambie el precio, un objetivo o el vencimiento',
  'This order is no longer pending': 'Esta orden ya no está pendiente',
  'Choose when the order expires': 'Elija cuándo vence la orden',
  'Expiry must be in the future': 'El vencimiento debe estar en el futuro',
  'Pending Order Modified Successfully': 'Orden pendiente modificada correctamente',
  'Pending Order Cancelled Successfully': 'Orden pendiente cancelada correctamente',
  'Pending order cancelled successfully': 'Orden pendiente cancelada correctamente',
  'Expiry must be a date and time such as 2026-12-31T17:00:00Z':
    'El vencimiento debe ser una fecha y hora como 2026-12-31T17:00:00Z',
  'Status must be pending or history': 'El estado debe ser pending o history',
  'Status must be pending, history or all': 'El estado debe ser pending, history o all',
}

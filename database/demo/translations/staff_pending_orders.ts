/** Spanish for the back office's Pending Orders screen (issue 23 item 1, "Staff") and the trades list's additions. */
export const TEXTS: Record<string, string> = {
  'Pending Orders': 'Órdenes pendientes',
  'TICKET': 'TICKET',
  'CUSTOMER': 'CLIENTE',
  'ORDER TYPE': 'TIPO DE ORDEN',
  'UNITS': 'UNIDADES',
  'TRIGGER PRICE': 'PRECIO DE ACTIVACIÓN',
  'EXPIRY': 'VENCIMIENTO',
  'PLACED AT': 'COLOCADA EL',
  'Waiting': 'En espera',
  'Filled': 'Ejecutada',
  'Cancelled': 'Cancelada',
  'Cancel Pending Order': 'Cancelar orden pendiente',
  'Are you sure to cancel this pending order?': '¿Seguro que desea cancelar esta orden pendiente?',
  'Cancel Order': 'Cancelar orden',
  // The trades lists: a partial close's own row names its ticket (issue 23 item 3).
  'part of #{id}': 'parte de #{id}',
}

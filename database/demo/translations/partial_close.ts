/** Spanish for closing part of a position (issue 23 item 3). */
export const TEXTS: Record<string, string> = {
  'Amount must be less than the open amount ({open}); to close it all, close without an amount':
    'El importe debe ser menor que el importe abierto ({open}); para cerrarla entera, cierre sin importe',
  // The amount rule's message (the close's amount field uses it as the order dialog does).
  'Amount must be a positive number with at most 6 decimals':
    'El importe debe ser un número positivo con 6 decimales como máximo',
  // The ledger entry of a closed part.
  'Position #{id} {instrument}: {units} units closed as #{partId}':
    'Posición #{id} {instrument}: {units} unidades cerradas como #{partId}',
  'Order Partially Closed Successfully': 'Orden cerrada parcialmente correctamente',
  'This position changed meanwhile; please try again':
    'Esta posición cambió mientras tanto; inténtelo de nuevo',
}

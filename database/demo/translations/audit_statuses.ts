/**
 * Status words as the audit log records them (lower case, as stored) and its
 * screen shows them translated: a trade's open → closed, a pending order's
 * pending → filled, cancelled or expired.
 */
export const TEXTS: Record<string, string> = {
  open: 'abierta',
  closed: 'cerrada',
  cancelled: 'cancelada',
  filled: 'ejecutada',
  expired: 'vencida',
}

/** Texts of the customer screens found by the issue 21 walk (item 8). */
export const TEXTS: Record<string, string> = {
  'Deposit Successful': 'Depósito realizado',
  'Deposit Submitted': 'Depósito enviado',
  'Deposit Failed': 'Depósito fallido',
  'Paid': 'Pagado',
  'No deposits yet': 'Aún no hay depósitos',
  'No withdrawals yet': 'Aún no hay retiros',
  'No closed trades yet': 'Aún no hay operaciones cerradas',
  'No closed trades in this date range': 'No hay operaciones cerradas en este rango de fechas',
}

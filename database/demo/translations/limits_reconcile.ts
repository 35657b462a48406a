/** Spanish texts of exposure limits and the books' reconciliation (issue 24 items 4 and 6); see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // Exposure limits.
  "This order would take the broker's net exposure on {instrument} beyond its limit of {limit} USD":
    'Esta orden llevaría la exposición neta del bróker en {instrument} más allá de su límite de {limit} USD',
  "The broker's exposure limit on the instrument was reached":
    'Se alcanzó el límite de exposición del bróker en el instrumento',
  // Reconciliation of the books: the admin dashboard's line and the admins' notification.
  'The books have not been reconciled yet': 'Los libros aún no se han conciliado',
  'Books balanced at 17:00 New York: {wallets} wallets, {differences} differences':
    'Libros cuadrados a las 17:00 de Nueva York: {wallets} cuentas, {differences} diferencias',
  'Books differ at 17:00 New York: {wallets} wallets, {differences} differences':
    'Los libros no cuadran a las 17:00 de Nueva York: {wallets} cuentas, {differences} diferencias',
  'Books balanced at {time}: {wallets} wallets, {differences} differences':
    'Libros cuadrados el {time}: {wallets} cuentas, {differences} diferencias',
  'Books differ at {time}: {wallets} wallets, {differences} differences':
    'Los libros no cuadran el {time}: {wallets} cuentas, {differences} diferencias',
  'The books differ': 'Los libros no cuadran',
  'Reconciliation #{id} found {count} differences over {wallets} wallets':
    'La conciliación n.º {id} encontró {count} diferencias en {wallets} cuentas',
}

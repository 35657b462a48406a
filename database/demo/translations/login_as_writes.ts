/** Spanish texts of one area (what a login-as session may do, issue 21 items 3, 4 and 8); see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // The server's refusal of money moving in a login-as session.
  'Deposits, withdrawals and plan purchases are not allowed while logged in as a customer':
    'Los depósitos, retiros y compras de planes no están permitidos mientras ha iniciado sesión como un cliente',
  // The audit log's actions of writes made as the customer.
  'Order placed as the customer': 'Orden abierta como el cliente',
  'Order closed as the customer': 'Orden cerrada como el cliente',
  'Take-profit or stop-loss set as the customer': 'Take-profit o stop-loss fijado como el cliente',
  'Profile edited as the customer': 'Perfil editado como el cliente',
  'Favorite added as the customer': 'Favorito añadido como el cliente',
  'Favorite removed as the customer': 'Favorito eliminado como el cliente',
  'Active wallet switched as the customer': 'Billetera activa cambiada como el cliente',
  'KYC documents submitted as the customer': 'Documentos KYC enviados como el cliente',
  // The confirmation of a paid plan (issue 21 item 8) and the server's answer when its payer changed.
  'Subscribe to {plan}?': '¿Suscribirse a {plan}?',
  '{plan} costs {price}. It is paid from your {mode} {currency} wallet.':
    '{plan} cuesta {price}. Se paga desde su billetera {mode} en {currency}.',
  'The wallet that would pay for this plan has changed; please review and confirm again':
    'La billetera que pagaría este plan ha cambiado; revise y confirme de nuevo',
}

/** Spanish texts of one area (login as a customer, issue 14 item 4); see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // The edit customer page's button (admin CRM spec §2 Edit customer, §4, §7).
  'Login as': 'Iniciar sesión como',
  'Logged in as the customer': 'Sesión iniciada como el cliente',
  // The banner on every page of a login-as session.
  'You are viewing the account of {customer} as {staff}.':
    'Está viendo la cuenta de {customer} como {staff}.',
  'This login-as session ends at {time}.': 'Esta sesión como cliente termina a las {time}.',
  // The server's refusals.
  'This is not allowed while logged in as a customer':
    'Esto no está permitido mientras ha iniciado sesión como un cliente',
  'The login-as session ended after 30 minutes':
    'La sesión como cliente terminó después de 30 minutos',
  'End the current login-as session first': 'Termine primero la sesión actual como cliente',
  'This customer account is inactive': 'La cuenta de este cliente está inactiva',
  // The audit log's field of a login-as end.
  'Reason': 'Motivo',
}

/** Spanish for the Voiso connection warning of the admin dashboard (issue 21 item 8). */
export const TEXTS: Record<string, string> = {
  'The saved Voiso key cannot connect': 'La clave de Voiso guardada no puede conectarse',
  'Voiso refused the API key': 'Voiso rechazó la clave de API',
}

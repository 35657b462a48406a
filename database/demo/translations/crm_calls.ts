/** Spanish texts of one area (CRM calls through Voiso); see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // The phone cell and its agent selector (CRM spec §2.3, §3 Agent, §8).
  'Phone number copied to clipboard': 'Número de teléfono copiado al portapapeles',
  'Call started successfully': 'Llamada iniciada correctamente',
  'Agent Selector': 'Selector de agente',
  'Call': 'Llamar',
  'Extension': 'Extensión',
  'No agents found': 'No se encontraron agentes',
  // Voiso agent statuses as it sends them (lower-cased).
  'available': 'disponible',
  'unavailable': 'no disponible',
  'offline': 'desconectado',
  'logout': 'sesión cerrada',
  'idle': 'inactivo',
  'inbound': 'entrante',
  'outbound': 'saliente',
  'dialer waiting': 'marcador en espera',
  'unknown': 'desconocido',
  // The server's answers.
  'Voiso is not configured': 'Voiso no está configurado',
  'This lead has no phone number': 'Este lead no tiene número de teléfono',
  'The phone number is not a valid international number':
    'El número de teléfono no es un número internacional válido',
  'You can only call as yourself': 'Solo puede llamar como usted mismo',
  'Voiso did not answer in time': 'Voiso no respondió a tiempo',
  'Voiso could not be reached': 'No se pudo contactar con Voiso',
  'Voiso sent an answer that could not be read': 'Voiso envió una respuesta ilegible',
  'Voiso refused the call': 'Voiso rechazó la llamada',
  'Voiso is receiving too many requests. Please try again shortly':
    'Voiso está recibiendo demasiadas solicitudes. Inténtelo de nuevo en breve',
  'Too many call attempts. Please wait a moment and try again':
    'Demasiados intentos de llamada. Espere un momento e inténtelo de nuevo',
  'Too many agent list requests. Please wait a moment and try again':
    'Demasiadas solicitudes de la lista de agentes. Espere un momento e inténtelo de nuevo',
  // Voiso's own refusals people meet most (its texts pass through as the toast).
  'User not found': 'Usuario no encontrado',
  'Invalid key': 'Clave no válida',
  'Lead is required': 'El lead es obligatorio',
  'Choose an agent': 'Elija un agente',
  // Audit log.
  'Lead called': 'Llamada a lead',
  'Lead': 'Lead',
  'Call Record': 'Registro de llamada',
  'Agent Email': 'Correo del agente',
  'Result': 'Resultado',
  'Message': 'Mensaje',
  'Voiso Call ID': 'ID de llamada de Voiso',
}

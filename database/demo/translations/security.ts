/** Spanish for the server's security refusals (issue 21 item 7). */
export const TEXTS: Record<string, string> = {
  'Use at most 15 digits in all, before and after the decimal point':
    'Use como máximo 15 dígitos en total, antes y después del punto decimal',
  'The request body is nested too deeply': 'El cuerpo de la solicitud está demasiado anidado',
  'The request body is not valid JSON': 'El cuerpo de la solicitud no es JSON válido',
  'The request body is too large': 'El cuerpo de la solicitud es demasiado grande',
  'This content type is not supported': 'Este tipo de contenido no es compatible',
  'The request could not be read': 'No se pudo leer la solicitud',
}

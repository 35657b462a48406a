/** Spanish for the affiliate's screens and the lead-intake API (issue 14 items 5 and 6). */
export const TEXTS: Record<string, string> = {
  'API Key': 'Clave API',
  'Affiliate API key': 'Clave API de afiliado',
  'Affiliate API key generated': 'Clave API de afiliado generada',
  'API key generated successfully': 'Clave API generada correctamente',
  'Copy this key now: it will not be shown again':
    'Copie esta clave ahora: no se volverá a mostrar',
  'Download documentation': 'Descargar documentación',
  'Are you sure to delete this lead?': '¿Seguro que desea eliminar este lead?',
  'Lead deleted successfully': 'Lead eliminado correctamente',
  'Status': 'Estado',
  'FTD At': 'FTD el',
  'Send your API key as "Authorization: Bearer <key>"':
    'Envíe su clave API como "Authorization: Bearer <clave>"',
  'This API key is not valid': 'Esta clave API no es válida',
  'Too many requests; try again later': 'Demasiadas solicitudes; inténtelo más tarde',
  'Send the lead as a JSON object (Content-Type: application/json)':
    'Envíe el lead como un objeto JSON (Content-Type: application/json)',
  'The request body is too large': 'El cuerpo de la solicitud es demasiado grande',
  'The request body is not valid JSON': 'El cuerpo de la solicitud no es JSON válido',
  'The Idempotency-Key header must be 1 to 255 visible characters':
    'La cabecera Idempotency-Key debe tener de 1 a 255 caracteres visibles',
  'This Idempotency-Key (or reference) was already used for a different lead':
    'Esta Idempotency-Key (o referencia) ya se usó para otro lead',
  'This request is being processed; please try again':
    'Esta solicitud se está procesando; inténtelo de nuevo',
  'This key can send leads but not read them': 'Esta clave puede enviar leads pero no leerlos',
  'Lead not found': 'Lead no encontrado',
  'First name is required': 'El nombre es obligatorio',
  'Last name is required': 'El apellido es obligatorio',
  'Email is required': 'El correo electrónico es obligatorio',
  'Funnel link must be an http(s) URL': 'El enlace del embudo debe ser una URL http(s)',
  'A lead with this email is already known; it was linked, not added again':
    'Ya existe un lead con este correo; se ha vinculado, no se ha añadido de nuevo',
}

/** Spanish texts of one area; see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // The customers list and the edit customer page (CRM spec §2.8, §2.9).
  'Edit Customer': 'Editar cliente',
  'Customer': 'Cliente',
  'Online': 'En línea',
  'Offline': 'Desconectado',
  'Tracking': 'Seguimiento',
  'Plan': 'Plan',
  'Choose a plan': 'Elija un plan',
  'Balance adjustment': 'Ajuste de saldo',
  'Login as': 'Iniciar sesión como',
  'OPEN TIME': 'HORA DE APERTURA',
  'Customers deleted successfully': 'Clientes eliminados correctamente',
  // The server's refusals.
  'Unknown customers list': 'Lista de clientes desconocida',
  'Managers can add customers only': 'Los gerentes solo pueden añadir clientes',
  'Choose a plan from the list': 'Elija un plan de la lista',
  'Choose a manager from the list': 'Elija un gerente de la lista',
  'The customer must be at least 18 years old': 'El cliente debe tener al menos 18 años',
  'City must be text': 'La ciudad debe ser un texto',
  'City must be at most 100 characters': 'La ciudad debe tener como máximo 100 caracteres',
  'Postal code must be text': 'El código postal debe ser un texto',
  'Postal code must be at most 20 characters':
    'El código postal debe tener como máximo 20 caracteres',
  'Address must be text': 'La dirección debe ser un texto',
  'Address must be at most 255 characters': 'La dirección debe tener como máximo 255 caracteres',
  'Email verification must be yes or no': 'La verificación del correo debe ser sí o no',
  'Active status must be yes or no': 'El estado activo debe ser sí o no',
}

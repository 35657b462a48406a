/** Spanish texts of one area; see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // Restricted Countries (issue 26 item 1: the first list added from a declaration).
  'Restricted Countries': 'Países restringidos',
  'Add Restricted Country': 'Añadir país restringido',
  'Edit Restricted Country': 'Editar país restringido',
  'Note': 'Nota',
  'Added': 'Añadido',
  'Note must be a text': 'La nota debe ser un texto',
  'Note must be at most {RESTRICTED_COUNTRY_NOTE_MAX} characters':
    'La nota debe tener como máximo {RESTRICTED_COUNTRY_NOTE_MAX} caracteres',
  'Are you sure to remove this country from the list?':
    '¿Seguro que desea quitar este país de la lista?',
  'Restricted country added successfully': 'País restringido añadido correctamente',
  'Restricted country updated successfully': 'País restringido actualizado correctamente',
  'Restricted country removed successfully': 'País restringido quitado correctamente',
  'This country is already restricted': 'Este país ya está restringido',
  'We do not open accounts for residents of this country':
    'No abrimos cuentas para residentes de este país',
  'Restricted country': 'País restringido',
  'Restricted country added': 'País restringido añadido',
  'Restricted country updated': 'País restringido actualizado',
  'Restricted country deleted': 'País restringido eliminado',
  // The declared instruments list's heading when its category is unknown.
  'Instruments': 'Instrumentos',
}

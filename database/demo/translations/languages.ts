/** Spanish texts of one area; see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // Languages list (admin spec §2 Languages, §8).
  'Languages updated successfully': 'Idiomas actualizados correctamente',
  'English (en) cannot be removed': 'El inglés (en) no se puede quitar',
  'Each language code may appear only once': 'Cada código de idioma solo puede aparecer una vez',
  'Removing {languages} will delete 1 translation': 'Quitar {languages} eliminará 1 traducción',
  'Removing {languages} will delete {translations} translations':
    'Quitar {languages} eliminará {translations} traducciones',
  'Code must be a language code such as es or pt-br':
    'El código debe ser un código de idioma como es o pt-br',
  'The language list is required': 'La lista de idiomas es obligatoria',
  'The list holds at most {MAX_LANGUAGES} languages':
    'La lista admite como máximo {MAX_LANGUAGES} idiomas',
  'Each language needs a name and a code': 'Cada idioma necesita un nombre y un código',
  'Name must be at most {name} characters': 'El nombre admite como máximo {name} caracteres',
  'Code is required': 'El código es obligatorio',
  'Confirm must be true or false': 'La confirmación debe ser verdadera o falsa',
  '{count} translations': '{count} traducciones',
  '{count} untranslated': '{count} sin traducir',
  'Delete translations?': '¿Eliminar las traducciones?',
  'Code': 'Código',

  // A language's translations (admin spec §2, §5, §8).
  'Translation added successfully': 'Traducción añadida correctamente',
  'Translation updated successfully': 'Traducción actualizada correctamente',
  'Translation deleted successfully': 'Traducción eliminada correctamente',
  'Are you sure to delete this pair?': '¿Seguro que quieres eliminar este par?',
  'Add Translation': 'Añadir traducción',
  'Edit Translation': 'Editar traducción',
  'Translations': 'Traducciones',
  'Key': 'Clave',
  'Untranslated': 'Sin traducir',
  'Translated': 'Traducidas',
  'English is the language of the keys: its texts need no translation.':
    'El inglés es el idioma de las claves: sus textos no necesitan traducción.',
  'Value is required': 'El valor es obligatorio',
  'Key must be at most {key} characters': 'La clave admite como máximo {key} caracteres',
  'Value must be at most {value} characters': 'El valor admite como máximo {value} caracteres',
  'No such language': 'No existe ese idioma',
  'This key already has a translation in this language':
    'Esta clave ya tiene una traducción en este idioma',
  'The value may not hold placeholders in braces: its key has none':
    'El valor no puede llevar marcadores entre llaves: su clave no tiene ninguno',
  'The value must keep the placeholders of the key: {placeholders}':
    'El valor debe conservar los marcadores de la clave: {placeholders}',
  'Status must be untranslated or translated': 'El estado debe ser sin traducir o traducidas',

  // Audit log names (app/domain/audit_actions.ts).
  'Languages updated': 'Idiomas actualizados',
  'Translation added': 'Traducción añadida',
  'Translation updated': 'Traducción actualizada',
  'Translation deleted': 'Traducción eliminada',
  'Translation': 'Traducción',
  'Translations Deleted': 'Traducciones eliminadas',
}

/** Spanish texts of one area; see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // Admin & Staffs: the list, the form and its messages.
  'Add User': 'Añadir usuario',
  'Edit User': 'Editar usuario',
  'Email Verified': 'Correo verificado',
  'Whitelist': 'Lista blanca',
  'IP addresses or CIDR ranges separated by commas; blank disables the check':
    'Direcciones IP o rangos CIDR separados por comas; en blanco desactiva la comprobación',
  'Leave empty to keep the current password': 'Déjelo vacío para conservar la contraseña actual',
  'Invalid email': 'Correo electrónico no válido',
  'Email verification is required': 'La verificación del correo es obligatoria',
  'Active status is required': 'El estado activo es obligatorio',
  'Role is required': 'El rol es obligatorio',
  'Choose a role from the list': 'Elija un rol de la lista',
  'Full name must be at most {FULL_NAME_MAX} characters':
    'El nombre completo debe tener como máximo {FULL_NAME_MAX} caracteres',
  'Whitelist must be comma-separated IP addresses':
    'La lista blanca debe contener direcciones IP separadas por comas',
  'Whitelist must be at most {MAX_WHITELIST_LENGTH} characters':
    'La lista blanca debe tener como máximo {MAX_WHITELIST_LENGTH} caracteres',
  'Not an IP address or CIDR range: {list}': 'No es una dirección IP ni un rango CIDR: {list}',
  'User added successfully': 'Usuario añadido correctamente',
  'User updated successfully': 'Usuario actualizado correctamente',
  'User deleted successfully': 'Usuario eliminado correctamente',
  'User deactivated: their records are kept': 'Usuario desactivado: sus registros se conservan',
  'Are you sure to delete this user?': '¿Seguro que desea eliminar este usuario?',
  // The account rules.
  'You cannot delete your own account': 'No puede eliminar su propia cuenta',
  'You cannot deactivate your own account': 'No puede desactivar su propia cuenta',
  'You cannot change your own role': 'No puede cambiar su propio rol',
  'The last active admin cannot be deleted': 'El último administrador activo no se puede eliminar',
  'The last active admin cannot be deactivated':
    'El último administrador activo no se puede desactivar',
  'The last active admin cannot be given another role':
    'Al último administrador activo no se le puede asignar otro rol',
  // The IP whitelist refusal.
  'Access from this address is not allowed for this account':
    'El acceso desde esta dirección no está permitido para esta cuenta',
  'Access from this address is not allowed for this account. Sign in from an allowed address, or ask an admin to change your IP whitelist.':
    'El acceso desde esta dirección no está permitido para esta cuenta. Inicie sesión desde una dirección permitida o pida a un administrador que cambie su lista blanca de IP.',
  'Your address: {address}': 'Su dirección: {address}',
  // The audit log's names for these actions and fields.
  'User added': 'Usuario añadido',
  'User updated': 'Usuario actualizado',
  'User deleted': 'Usuario eliminado',
  'User deactivated, records kept': 'Usuario desactivado, registros conservados',
  'Access refused: address not in the whitelist':
    'Acceso rechazado: dirección fuera de la lista blanca',
  'IP whitelist cleared from the console': 'Lista blanca de IP borrada desde la consola',
  'IP Whitelist': 'Lista blanca de IP',
  'Path': 'Ruta',
}

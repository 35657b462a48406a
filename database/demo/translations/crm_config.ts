/** Spanish texts of one area; see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // Sales Statuses (CRM spec §2.5, §2.11, §5, §8).
  'Add Sales Status': 'Añadir estado de venta',
  'Edit Sales Status': 'Editar estado de venta',
  'Is Default': 'Predeterminado',
  'Status is required': 'El estado es obligatorio',
  'isDefault is required': 'isDefault es obligatorio',
  'Status must be at most {STATUS_MAX} characters':
    'El estado debe tener como máximo {STATUS_MAX} caracteres',
  'Page size must be one of {STATUS_SIZES}': 'El tamaño de página debe ser uno de {STATUS_SIZES}',
  'Are you sure to delete this sale status?': '¿Seguro que desea eliminar este estado de venta?',
  'Sales status added successfully': 'Estado de venta añadido correctamente',
  'Sales status updated successfully': 'Estado de venta actualizado correctamente',
  'Sales Status deleted successfully': 'Estado de venta eliminado correctamente',
  'This status already exists': 'Este estado ya existe',
  'One status must be the default: make another status the default instead':
    'Un estado debe ser el predeterminado: haga predeterminado otro estado en su lugar',
  'The default status cannot be deleted: make another status the default first':
    'El estado predeterminado no se puede eliminar: haga predeterminado otro estado primero',
  'This status is used by 1 lead': 'Este estado lo usa 1 lead',
  'This status is used by {count} leads': 'Este estado lo usan {count} leads',
  // Teams (CRM spec §2.6, §2.11, §5, §8).
  'Add Team': 'Añadir equipo',
  'Edit Team': 'Editar equipo',
  'Members': 'Miembros',
  'Member': 'Miembro',
  'Add Member': 'Añadir miembro',
  'Choose a manager': 'Elija un gerente',
  'Choose a member': 'Elija un miembro',
  'Name is required': 'El nombre es obligatorio',
  'Manager is required': 'El gerente es obligatorio',
  'Name must be at most {TEAM_NAME_MAX} characters':
    'El nombre debe tener como máximo {TEAM_NAME_MAX} caracteres',
  'Members must be a list': 'Los miembros deben ser una lista',
  'A team has at most 100 members': 'Un equipo tiene como máximo 100 miembros',
  'Choose a member from the list': 'Elija un miembro de la lista',
  'Choose an active manager': 'Elija un gerente activo',
  '{member} is already in team {team} ({code})': '{member} ya está en el equipo {team} ({code})',
  'Members must be sales or retention agents':
    'Los miembros deben ser agentes de ventas o de retención',
  'Are you sure to delete this team?': '¿Seguro que desea eliminar este equipo?',
  'Team added successfully': 'Equipo añadido correctamente',
  'Team updated successfully': 'Equipo actualizado correctamente',
  'Team deleted successfully': 'Equipo eliminado correctamente',
  // Promo Code (CRM spec §2.7, §8).
  'Generate': 'Generar',
  'Promo code generated successfully': 'Código promocional generado correctamente',
  // Audit log labels.
  'Sales status added': 'Estado de venta añadido',
  'Sales status updated': 'Estado de venta actualizado',
  'Sales status deleted': 'Estado de venta eliminado',
  'Team added': 'Equipo añadido',
  'Team updated': 'Equipo actualizado',
  'Team deleted': 'Equipo eliminado',
  'Promo code generated': 'Código promocional generado',
  'Sales status': 'Estado de venta',
  'Team': 'Equipo',
  'Promo code': 'Código promocional',
}

/** Spanish for the staff-side fixes of issue 21 item 8 (tables, API disconnect, staff shell). */
export const TEXTS: Record<string, string> = {
  'API disconnected': 'API desconectada',
  '{key} disconnected': '{key} desconectada',
  '{key} is not connected': '{key} no está conectada',
  'A saved API key cannot connect': 'Una clave de API guardada no puede conectarse',
  'Disconnect': 'Desconectar',
  'Erase the saved settings of {title}? Its markets go back to the simulator.':
    '¿Borrar la configuración guardada de {title}? Sus mercados vuelven al simulador.',
  'Columns': 'Columnas',
  'A customer has no IP whitelist': 'Un cliente no tiene lista blanca de IP',
  'The file needs an email or a phone column': 'El archivo necesita una columna email o phone',
  'Required columns: {columns} (at least one)': 'Columnas obligatorias: {columns} (al menos una)',
  'Optional columns: {columns}': 'Columnas opcionales: {columns}',
}

/** Spanish texts of one area; see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // API Settings (admin spec §2, §5).
  'Polygon Socket (Forex, Crypto, Hours)': 'Socket de Polygon (Forex, Cripto, Horarios)',
  'EOD Historial Data (Stock)': 'EOD Historial Data (Acciones)',
  'Currency API': 'Currency API',
  'OANDA API (Commodity, Index)': 'API de OANDA (Materias primas, Índices)',
  'Voiso': 'Voiso',
  'Cluster ID': 'ID de clúster',
  'Practice (fxpractice)': 'Práctica (fxpractice)',
  'Live (fxtrade)': 'Real (fxtrade)',
  // A stored key, masked.
  '••••••••': '••••••••',
  'Remaining Quota': 'Cuota restante',
  // Which process holds the market lease (issue 22).
  'Market role: {holder} (epoch {epoch}) since {since}':
    'Rol de mercado: {holder} (época {epoch}) desde {since}',
  'Market role: no process holds it': 'Rol de mercado: ningún proceso lo tiene',
  'Monthly Limit': 'Límite mensual',
  'API Key is required': 'La clave de API es obligatoria',
  'API Key must be at most 200 characters': 'La clave de API debe tener como máximo 200 caracteres',
  'Account Number is required': 'El número de cuenta es obligatorio',
  'Account Number must be at most 64 characters':
    'El número de cuenta debe tener como máximo 64 caracteres',
  'Mode must be fxpractice or fxtrade': 'El modo debe ser fxpractice o fxtrade',
  'Cluster ID is required': 'El ID de clúster es obligatorio',
  'Cluster ID must be at most 64 characters':
    'El ID de clúster debe tener como máximo 64 caracteres',
  'The key must match the address': 'La clave debe coincidir con la dirección',
  'Keys to clear must be a list of key fields':
    'Las claves que borrar deben ser una lista de campos de clave',
  'Only a key field of this card can be cleared':
    'Solo se puede borrar un campo de clave de esta tarjeta',
  'polygonAPI updated successfully': 'Se actualizó polygonAPI correctamente',
  'eodAPI updated successfully': 'Se actualizó eodAPI correctamente',
  'currencyAPI updated successfully': 'Se actualizó currencyAPI correctamente',
  'oandaAPI updated successfully': 'Se actualizó oandaAPI correctamente',
  'voiso updated successfully': 'Se actualizó voiso correctamente',
  // API Status (admin spec §2, §4).
  'Polygon (Forex)': 'Polygon (Forex)',
  'Polygon (Crypto)': 'Polygon (Cripto)',
  'EOD Historical Data (Stock)': 'EOD Historical Data (Acciones)',
  'Oanda Rest (Others)': 'Oanda Rest (Otros)',
  'Checking': 'Comprobando',
  'Connected': 'Conectado',
  'Disconnected': 'Desconectado',
  'Unauthorized': 'No autorizado',
  'Simulated market (no API key)': 'Mercado simulado (sin clave de API)',
  'No heartbeat from the market process': 'Sin latido del proceso de mercado',
  // The market role is silent (issue 22 §3): API Status and the market watch.
  'Down': 'Caído',
  'Down since {time}': 'Caído desde {time}',
  'Prices are not updating': 'Los precios no se están actualizando',
  // Server Information (admin spec §2, §3).
  'CPU Model': 'Modelo de CPU',
  'CPU Usage': 'Uso de CPU',
  'Logical Cores': 'Núcleos lógicos',
  'Memory Usage': 'Uso de memoria',
  'Total Memory': 'Memoria total',
  'Shown for host {host}, process {pid} ({roles})':
    'Datos del servidor {host}, proceso {pid} ({roles})',
  'Server information could not be read': 'No se pudo leer la información del servidor',
  'web': 'web',
  'market': 'mercado',
}

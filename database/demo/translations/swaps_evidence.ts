/** Spanish texts of one area (issue 24: swap and limit settings, swaps and execution evidence on screens); see database/demo/translations.ts. */
export const TEXTS: Record<string, string> = {
  // The instrument form (swaps per side, exposure limit) and its server messages.
  'Swap long': 'Swap largo',
  'Swap short': 'Swap corto',
  'Exposure limit': 'Límite de exposición',
  'No limit': 'Sin límite',
  'Annual %, positive = credit; empty: Swap charged both ways':
    '% anual, positivo = abono; vacío: se cobra el Swap en ambos sentidos',
  'Swap long must be a percentage from -100 to 100 with at most 4 decimals':
    'El swap largo debe ser un porcentaje de -100 a 100 con como máximo 4 decimales',
  'Swap short must be a percentage from -100 to 100 with at most 4 decimals':
    'El swap corto debe ser un porcentaje de -100 a 100 con como máximo 4 decimales',
  'Exposure limit must be an amount in USD above 0 with at most 2 decimals, or empty for none':
    'El límite de exposición debe ser un importe en USD mayor que 0 con como máximo 2 decimales, o vacío para ninguno',
  // The pricing plan form and the customer's plan cards.
  'Swap-free': 'Sin swap',
  'Its customers pay and earn no overnight swap': 'Sus clientes no pagan ni cobran swap nocturno',
  'Swap-free must be on or off': 'Sin swap debe estar activado o desactivado',
  'Swap-free: no overnight charges': 'Sin swap: sin cargos nocturnos',
  // The swap and margin-call settings under Spread Settings.
  'Swaps and margin call': 'Swaps y llamada de margen',
  'Swap settings updated successfully': 'Ajustes de swap actualizados correctamente',
  'Triple swap day': 'Día de swap triple',
  'Forex triple swap day': 'Día de swap triple de Forex',
  'Commodity triple swap day': 'Día de swap triple de Materias primas',
  'Index triple swap day': 'Día de swap triple de Índices',
  'Crypto triple swap day': 'Día de swap triple de Cripto',
  'Stock triple swap day': 'Día de swap triple de Acciones',
  'Forex triple swap day must be a weekday or none':
    'El día de swap triple de Forex debe ser un día de la semana o ninguno',
  'Commodity triple swap day must be a weekday or none':
    'El día de swap triple de Materias primas debe ser un día de la semana o ninguno',
  'Index triple swap day must be a weekday or none':
    'El día de swap triple de Índices debe ser un día de la semana o ninguno',
  'Crypto triple swap day must be a weekday or none':
    'El día de swap triple de Cripto debe ser un día de la semana o ninguno',
  'Stock triple swap day must be a weekday or none':
    'El día de swap triple de Acciones debe ser un día de la semana o ninguno',
  'Monday': 'Lunes',
  'Tuesday': 'Martes',
  'Wednesday': 'Miércoles',
  'Thursday': 'Jueves',
  'Friday': 'Viernes',
  'Saturday': 'Sábado',
  'Sunday': 'Domingo',
  'No triple day': 'Sin día triple',
  'Margin call': 'Llamada de margen',
  'Margin call level': 'Nivel de llamada de margen',
  'Margin call level is required': 'El nivel de llamada de margen es obligatorio',
  'Margin call level must be a whole percentage from 1 to 1000':
    'El nivel de llamada de margen debe ser un porcentaje entero de 1 a 1000',
  'Customers are warned once when their margin level falls to it':
    'Se avisa una vez a los clientes cuando su nivel de margen baja hasta él',
  // Swap columns.
  'SWAP': 'SWAP',
  // Execution evidence of a close (app/domain/execution_evidence.ts).
  'Closed manually at {price} ({side}), quote {time} UTC, feed {feed}':
    'Cerrada manualmente a {price} ({side}), cotización {time} UTC, fuente {feed}',
  'Partially closed at {price} ({side}), quote {time} UTC, feed {feed}':
    'Cerrada parcialmente a {price} ({side}), cotización {time} UTC, fuente {feed}',
  'Closed by take-profit at {price} ({side}), quote {time} UTC, feed {feed}':
    'Cerrada por take-profit a {price} ({side}), cotización {time} UTC, fuente {feed}',
  'Closed by stop-loss at {price} ({side}), quote {time} UTC, feed {feed}':
    'Cerrada por stop-loss a {price} ({side}), cotización {time} UTC, fuente {feed}',
  'Closed by trailing stop at {price} ({side}), quote {time} UTC, feed {feed}':
    'Cerrada por trailing stop a {price} ({side}), cotización {time} UTC, fuente {feed}',
  'Stopped out at {price} ({side}), quote {time} UTC, feed {feed}':
    'Cerrada por stop-out a {price} ({side}), cotización {time} UTC, fuente {feed}',
  'Stopped out at {price} ({side}), quote {time} UTC, feed {feed}; equity {equity}, margin {margin}, margin level {level}':
    'Cerrada por stop-out a {price} ({side}), cotización {time} UTC, fuente {feed}; capital {equity}, margen {margin}, nivel de margen {level}',
  'Closed by the broker at {price} ({side}), quote {time} UTC, feed {feed}':
    'Cerrada por el bróker a {price} ({side}), cotización {time} UTC, fuente {feed}',
  'Closed at {price} ({side}), quote {time} UTC, feed {feed}':
    'Cerrada a {price} ({side}), cotización {time} UTC, fuente {feed}',
}

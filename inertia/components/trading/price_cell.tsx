import { compareDecimalStrings } from '@domain/decimal_strings'
import { formatPrice } from '@domain/formatting'
import type { Category } from '@domain/instruments'

/** A price with its move since the previous quote: green up, red down (customer spec §2). */
export function PriceCell(props: {
  value: string | null
  previous: string | null
  category: Category
}) {
  if (!props.value) return <span className="text-default-400">—</span>
  const move = props.previous ? compareDecimalStrings(props.value, props.previous) : 0
  const color = move > 0 ? 'text-success' : move < 0 ? 'text-danger' : ''
  return (
    <span className={`font-mono tabular-nums ${color}`}>
      {move > 0 ? '▲ ' : move < 0 ? '▼ ' : ''}
      {formatPrice(props.value, props.category)}
    </span>
  )
}

import { useCallback, useState } from 'react'
import { readLocal, writeLocal } from '~/lib/storage'

/**
 * The columns a person hid in one table (issue 21 item 8), kept in this
 * browser's local storage per table, so a reload or the next visit shows the
 * same columns. A stored key the table no longer has is simply ignored.
 */
export function useHiddenColumns(tableId: string) {
  const storageKey = `columns:${tableId}`
  const [hidden, setHidden] = useState<Set<string>>(() => {
    try {
      const stored = JSON.parse(readLocal(storageKey) ?? '[]')
      return new Set(Array.isArray(stored) ? stored.filter((k) => typeof k === 'string') : [])
    } catch {
      return new Set()
    }
  })
  const update = useCallback(
    (next: Set<string>) => {
      setHidden(next)
      writeLocal(storageKey, next.size ? JSON.stringify([...next]) : null)
    },
    [storageKey]
  )
  return [hidden, update] as const
}

import { useEffect, useState } from 'react'
import { api } from '~/lib/api'
import { toastError } from '~/lib/toast'
import { route } from '~/lib/routes'

/** Loads the country list the app ships (GET /countries: name.common per entry, sorted). */
export function useCountries() {
  const [countries, setCountries] = useState<string[] | null>(null)
  useEffect(() => {
    api<{ name: { common: string } }[]>('GET', route('countries.index'))
      .then((rows) =>
        setCountries(rows.map((r) => r.name.common).sort((a, b) => a.localeCompare(b)))
      )
      .catch(() => {
        toastError('Failed to load countries')
        setCountries([])
      })
  }, [])
  return countries
}

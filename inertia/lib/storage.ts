/** Browser-local preferences and flags the spec keeps in local storage. */
export const LOCAL_KEYS = {
  lang: 'lang',
  theme: 'theme',
  backToAdmin: 'backToAdmin',
  retAgent: 'retAgent',
} as const

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeLocal(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    /* private mode: preferences simply do not persist */
  }
}

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { api } from '~/lib/api'
import { LOCAL_KEYS, readLocal, writeLocal } from '~/lib/storage'
import { setToastTranslator } from '~/lib/toast'
import { compileDictionary, fillPlaceholders, lookup, type Vars } from '@domain/translate'

/**
 * Translations keyed by the English text (admin spec §1). The language is kept
 * locally under `lang` (default en). A key missing from a non-English language
 * is reported once so staff can translate it; English needs no entries.
 */
interface I18n {
  lang: string
  /** False while the chosen language's translations are loading. */
  ready: boolean
  setLang: (code: string) => void
  t: (key: string, vars?: Vars) => string
}

const I18nContext = createContext<I18n>({
  lang: 'en',
  ready: true,
  setLang: () => {},
  t: (key, vars) => fillPlaceholders(key, vars),
})

const reported = new Set<string>()

export function I18nProvider({ children }: { children: React.ReactNode }) {
  const [lang, setLangState] = useState(() => readLocal(LOCAL_KEYS.lang) || 'en')
  const [dictionary, setDictionary] = useState<Record<string, string> | null>(null)
  const pending = useRef<string[]>([])

  useEffect(() => {
    let cancelled = false
    setDictionary(null)
    if (lang === 'en') {
      setDictionary({})
      return
    }
    api<Record<string, string>>('GET', `/translations/${encodeURIComponent(lang)}`)
      .then((d) => !cancelled && setDictionary(d ?? {}))
      .catch((e) => {
        console.warn('translations not loaded', e)
        if (!cancelled) setDictionary({})
      })
    return () => {
      cancelled = true
    }
  }, [lang])

  useEffect(() => {
    if (!dictionary || lang === 'en' || pending.current.length === 0) return
    const keys = pending.current.splice(0)
    ;(async () => {
      for (const key of keys) {
        await api('POST', `/translations/${encodeURIComponent(lang)}`, { key }).catch((e) =>
          console.warn('missing translation not saved', e)
        )
      }
    })()
  })

  const compiled = useMemo(() => (dictionary ? compileDictionary(dictionary) : null), [dictionary])

  const t = useCallback(
    (key: string, vars?: Vars) => {
      if (lang === 'en' || !compiled) return fillPlaceholders(key, vars)
      const text = lookup(compiled, key, vars)
      if (text !== undefined) return text
      const id = `${lang}:${key}`
      if (!reported.has(id)) {
        reported.add(id)
        pending.current.push(key)
      }
      return fillPlaceholders(key, vars)
    },
    [compiled, lang]
  )

  const setLang = useCallback((code: string) => {
    writeLocal(LOCAL_KEYS.lang, code)
    setLangState(code)
  }, [])

  useEffect(() => setToastTranslator(t), [t])

  // The page's language for assistive technology and spell-checkers; tests wait for `ready`.
  const ready = dictionary !== null
  useEffect(() => {
    document.documentElement.lang = lang
    document.documentElement.dataset.translations = ready ? 'ready' : 'loading'
  }, [lang, ready])

  const value = useMemo(() => ({ lang, ready, setLang, t }), [lang, ready, setLang, t])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useTranslation() {
  return useContext(I18nContext)
}

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { api } from '~/lib/api'
import { LOCAL_KEYS, readLocal, writeLocal } from '~/lib/storage'
import { setToastTranslator } from '~/lib/toast'
import { onTranslationsChange } from '~/hooks/use_prices'
import { compileDictionary, fillPlaceholders, lookup, type Vars } from '@domain/translate'
import { route } from '~/lib/routes'

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
  /** Reads the language's dictionary again, keeping the current one on screen meanwhile. */
  reload: () => void
}

const I18nContext = createContext<I18n>({
  lang: 'en',
  ready: true,
  setLang: () => {},
  t: (key, vars) => fillPlaceholders(key, vars),
  reload: () => {},
})

/** A live change reaches every open page at once: each waits up to this long, so they do not all ask in the same instant. */
const RELOAD_SPREAD_MS = 1500

const reported = new Set<string>()

export function I18nProvider({ children }: { children: React.ReactNode }) {
  const [lang, setLangState] = useState(() => readLocal(LOCAL_KEYS.lang) || 'en')
  const [dictionary, setDictionary] = useState<Record<string, string> | null>(null)
  const [version, setVersion] = useState(0)
  const pending = useRef<string[]>([])
  const current = useRef(lang)
  current.current = lang

  // The dictionary is read once per page load, and again when staff change it (reload).
  useEffect(() => {
    let cancelled = false
    if (lang === 'en') {
      setDictionary({})
      return
    }
    api<Record<string, string>>('GET', route('translations.show', { lng: lang }))
      .then((d) => !cancelled && setDictionary(d ?? {}))
      .catch((e) => {
        console.warn('translations not loaded', e)
        if (!cancelled) setDictionary({})
      })
    return () => {
      cancelled = true
    }
  }, [lang, version])

  const reload = useCallback(() => setVersion((v) => v + 1), [])

  // Staff edited this language's translations (a frame on the live prices channel).
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>()
    const stop = onTranslationsChange((code) => {
      if (code !== current.current) return
      const timer = setTimeout(() => {
        timers.delete(timer)
        reload()
      }, Math.random() * RELOAD_SPREAD_MS)
      timers.add(timer)
    })
    return () => {
      stop()
      timers.forEach(clearTimeout)
    }
  }, [reload])

  useEffect(() => {
    if (!dictionary || lang === 'en' || pending.current.length === 0) return
    const keys = pending.current.splice(0)
    ;(async () => {
      for (const key of keys) {
        await api('POST', route('translations.store', { lng: lang }), { key }).catch((e) =>
          console.warn('missing translation not saved', e)
        )
      }
    })()
  })

  const compiled = useMemo(() => (dictionary ? compileDictionary(dictionary) : null), [dictionary])

  const t = useCallback(
    (key: string, vars?: Vars) => {
      // A blank text (an empty cell, a value not loaded yet) is nothing to translate or report.
      if (lang === 'en' || !compiled || !key.trim()) return fillPlaceholders(key, vars)
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
    // Until the new language's texts arrive, the page waits (ready is false) rather than show the old ones.
    if (code !== current.current) setDictionary(null)
    setLangState(code)
  }, [])

  useEffect(() => setToastTranslator(t), [t])

  // The page's language for assistive technology and spell-checkers; tests wait for `ready`.
  const ready = dictionary !== null
  useEffect(() => {
    document.documentElement.lang = lang
    document.documentElement.dataset.translations = ready ? 'ready' : 'loading'
  }, [lang, ready])

  const value = useMemo(
    () => ({ lang, ready, setLang, t, reload }),
    [lang, ready, setLang, t, reload]
  )
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useTranslation() {
  return useContext(I18nContext)
}

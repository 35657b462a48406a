import transmit from '@adonisjs/transmit/services/main'
import logger from '@adonisjs/core/services/logger'
import changeBus from '#services/change_bus'
import settings from '#services/settings_service'
import { translationsFor } from '#queries/translations'
import { PRICES_CHANNEL } from '#domain/channels'

/**
 * Each language's dictionary (GET /translations/{lng}) kept in this process's
 * memory: every page load of every visitor asks for it, and it changes only
 * when staff edit a translation. A committed edit calls `changed(code)`: the
 * change bus drops the copy here and, through Redis, in every other web
 * process; open pages get a `translations` frame on the public prices
 * channel and fetch the dictionary again. The TTL only bounds how stale a
 * copy can be if a message is lost.
 */
export class TranslationCache {
  #dictionaries = new Map<string, { dictionary: Record<string, string>; at: number }>()
  /** Bumped by every drop: a read that started before it is not kept (it may predate the change). */
  #generation = 0
  static TTL_MS = 60_000

  /** The filled translations of a language, or null when no such language is offered. */
  async dictionary(code: string): Promise<Record<string, string> | null> {
    if (!(await settings.languages()).some((l) => l.code === code)) return null
    const cached = this.#dictionaries.get(code)
    if (cached && Date.now() - cached.at < TranslationCache.TTL_MS) return cached.dictionary
    const generation = this.#generation
    const dictionary = await translationsFor(code)
    if (generation === this.#generation)
      this.#dictionaries.set(code, { dictionary, at: Date.now() })
    return dictionary
  }

  /** Drops this process's copy of one language, or of all. */
  forget(code?: string) {
    this.#generation++
    if (code === undefined) this.#dictionaries.clear()
    else this.#dictionaries.delete(code)
  }

  /** How many dictionaries this process holds (for tests). */
  get size() {
    return this.#dictionaries.size
  }

  /** After a committed write to a language's translations: every process drops its copy, open pages re-read. */
  changed(code: string) {
    changeBus.announce('translations', code)
    tellBrowsers(code)
  }
}

/** What open pages receive on the prices channel: "the dictionary of `code` changed". */
export type TranslationsFrame = { type: 'translations'; code: string }

/*
 * The prices channel is the public one every signed-in customer page already
 * listens to (the shell's live account figures); Transmit's broadcast crosses
 * web processes through Redis like every event.
 */
function tellBrowsers(code: string) {
  try {
    const frame: TranslationsFrame = { type: 'translations', code }
    transmit.broadcast(PRICES_CHANNEL, frame)
  } catch (error) {
    logger.warn({ err: error }, 'translation change not broadcast')
  }
}

const translationCache = new TranslationCache()
changeBus.on('translations', (news) => translationCache.forget(news.detail))
// A language removed takes its rows along; one added starts empty.
changeBus.on('languages', () => translationCache.forget())
export default translationCache

import Setting from '#models/setting'
import Language from '#models/language'
import { parseSiteSettings, type SettingRows, type SiteSettings } from '#domain/site_settings'
import changeBus from '#services/change_bus'

/**
 * Reads settings rows once and serves them from memory. A write calls
 * `changed()` after it commits: every process drops its copy at once (the
 * change bus crosses processes through Redis). The TTL only bounds how stale a
 * copy can be if a message is lost.
 */
class SettingsService {
  #rows: SettingRows | null = null
  #loadedAt = 0
  #languages: { name: string; code: string }[] | null = null
  #languagesAt = 0
  /** Bumped by forget(): a read that started before it must not refill the cache with old rows. */
  #generation = 0
  static TTL_MS = 10_000

  async rows(): Promise<SettingRows> {
    if (this.#rows && Date.now() - this.#loadedAt < SettingsService.TTL_MS) return this.#rows
    const generation = this.#generation
    const all = await Setting.all()
    const rows: SettingRows = Object.fromEntries(
      all.map((s) => [
        s.key,
        {
          value1: s.value1,
          value2: s.value2,
          value3: s.value3,
          value4: s.value4,
          value5: s.value5,
        },
      ])
    )
    if (generation === this.#generation) {
      this.#rows = rows
      this.#loadedAt = Date.now()
    }
    return rows
  }

  async site(): Promise<SiteSettings> {
    return parseSiteSettings(await this.rows())
  }

  async value(key: string): Promise<string | null> {
    return (await this.rows())[key]?.value1 ?? null
  }

  async put(
    key: string,
    values: Partial<Record<'value1' | 'value2' | 'value3' | 'value4' | 'value5', string | null>>
  ) {
    await Setting.updateOrCreate({ key }, values)
    this.changed()
  }

  /** Languages offered in pickers, cached like the settings. */
  async languages(): Promise<{ name: string; code: string }[]> {
    if (this.#languages && Date.now() - this.#languagesAt < SettingsService.TTL_MS) {
      return this.#languages
    }
    const generation = this.#generation
    const rows = await Language.query().orderBy('id', 'asc')
    const languages = rows.map((l) => ({ name: l.name, code: l.code }))
    if (generation === this.#generation) {
      this.#languages = languages
      this.#languagesAt = Date.now()
    }
    return languages
  }

  /** Drops this process's copy only. */
  forget() {
    this.#generation++
    this.#rows = null
    this.#languages = null
  }

  /** After a committed write: every process drops its copy. */
  changed(key?: string) {
    changeBus.announce('settings', key)
  }
}

const settings = new SettingsService()
changeBus.on('settings', () => settings.forget())
changeBus.on('languages', () => settings.forget())
export default settings

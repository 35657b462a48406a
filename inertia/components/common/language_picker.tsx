import { useBranding } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'

/**
 * Language picker over branding.appLangs; the choice is kept locally under `lang`.
 *
 * A native select, styled as HeroUI's small one: it sits on the sign-in page and in both shells,
 * and HeroUI's Select would bring its listbox, popover and virtualizer (~46 kB gzip) into every
 * first load for a control opened once (issue 25 item 4). The browser's own list is also the
 * familiar one on phones.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const branding = useBranding()
  const { lang, setLang, t } = useTranslation()
  const languages = branding.appLangs.length ? branding.appLangs : [{ name: 'English', code: 'en' }]
  return (
    <select
      aria-label={t('Language')}
      className={`${className ?? 'w-36'} h-8 cursor-pointer rounded-small bg-default-100 px-2 text-small text-foreground outline-none hover:bg-default-200 focus-visible:ring-2 focus-visible:ring-focus dark:[color-scheme:dark]`}
      value={lang}
      data-testid="language-picker"
      onChange={(event) => setLang(event.target.value)}
    >
      {languages.map((l) => (
        <option key={l.code} value={l.code}>
          {l.name}
        </option>
      ))}
    </select>
  )
}

import { Select, SelectItem } from '@heroui/react'
import { useBranding } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'

/** Language picker over branding.appLangs; the choice is kept locally under `lang`. */
export function LanguagePicker({ className }: { className?: string }) {
  const branding = useBranding()
  const { lang, setLang, t } = useTranslation()
  const languages = branding.appLangs.length ? branding.appLangs : [{ name: 'English', code: 'en' }]
  return (
    <Select
      aria-label={t('Language')}
      size="sm"
      className={className ?? 'w-36'}
      selectedKeys={[lang]}
      disallowEmptySelection
      data-testid="language-picker"
      onSelectionChange={(keys) => {
        const [code] = Array.from(keys as Set<string>)
        if (code) setLang(code)
      }}
    >
      {languages.map((l) => (
        <SelectItem key={l.code}>{l.name}</SelectItem>
      ))}
    </Select>
  )
}

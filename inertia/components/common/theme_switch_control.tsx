import { Switch } from '@heroui/react'
import { useTheme } from '~/hooks/use_theme'
import { useTranslation } from '~/hooks/use_translation'

/** The HeroUI switch behind ThemeSwitch, fetched after the page paints (theme_switch.tsx). */
export default function ThemeSwitchControl() {
  const { theme, setTheme } = useTheme()
  const { t } = useTranslation()
  return (
    <Switch
      size="sm"
      isSelected={theme === 'dark'}
      onValueChange={(dark) => setTheme(dark ? 'dark' : 'light')}
      data-testid="theme-switch"
    >
      {t('Dark mode')}
    </Switch>
  )
}

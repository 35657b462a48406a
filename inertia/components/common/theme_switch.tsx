import { useTranslation } from '~/hooks/use_translation'
import { afterPaint } from '~/components/common/after_paint'

/** The small switch's track and label, at their size, while HeroUI's switch is fetched. */
function ThemeSwitchPlaceholder() {
  const { t } = useTranslation()
  return (
    <div className="flex items-center gap-2" aria-hidden="true">
      <span className="h-6 w-10 rounded-full bg-default-200" />
      <span className="text-small">{t('Dark mode')}</span>
    </div>
  )
}

/** Light or dark, kept per browser (useTheme); the switch comes after the page paints. */
export const ThemeSwitch = afterPaint(
  () => import('~/components/common/theme_switch_control'),
  ThemeSwitchPlaceholder
)

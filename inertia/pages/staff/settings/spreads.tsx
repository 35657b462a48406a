import type { InferPageProps } from '@adonisjs/inertia/types'
import type TradingSettingsController from '#controllers/staff/trading_settings_controller'
import { SPREAD_SETTINGS, SWAP_SETTINGS } from '@domain/settings_schema'
import { staffLayout } from '~/layouts/staff_layout'
import { SettingsForm } from '~/components/form/settings_form'
import { route } from '~/lib/routes'

/**
 * Spread Settings (admin spec §2): one form in a half-width card, the five
 * spreads; under it the swap triple days and the margin-call level (issue 24).
 */
export default function Spreads({
  values,
  swapValues,
}: InferPageProps<TradingSettingsController, 'spreads'>) {
  return (
    <div className="flex flex-col gap-6">
      <SettingsForm
        schema={SPREAD_SETTINGS}
        values={values}
        url={route('admin.spreads.update')}
        testId="spreads-form"
        className="w-full lg:w-1/2"
      />
      <SettingsForm
        schema={SWAP_SETTINGS}
        values={swapValues}
        url={route('admin.swapSettings.update')}
        title="Swaps and margin call"
        testId="swap-settings-form"
        className="w-full lg:w-1/2"
      />
    </div>
  )
}

Spreads.layout = staffLayout

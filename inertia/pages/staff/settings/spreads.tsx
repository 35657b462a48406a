import type { InferPageProps } from '@adonisjs/inertia/types'
import type TradingSettingsController from '#controllers/staff/trading_settings_controller'
import { SPREAD_SETTINGS } from '@domain/settings_schema'
import { staffLayout } from '~/layouts/staff_layout'
import { SettingsForm } from '~/components/form/settings_form'

/** Spread Settings (admin spec §2): one form in a half-width card, the five spreads. */
export default function Spreads({ values }: InferPageProps<TradingSettingsController, 'spreads'>) {
  return (
    <SettingsForm
      schema={SPREAD_SETTINGS}
      values={values}
      url="/admin/spreads"
      testId="spreads-form"
      className="w-full lg:w-1/2"
    />
  )
}

Spreads.layout = staffLayout

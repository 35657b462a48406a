import { useState } from 'react'
import { Input } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type ApiSettingsController from '#controllers/staff/api_settings_controller'
import type { ApiSettingsCardProps } from '#transformers/api_settings_transformer'
import { apiSettingsCard } from '@domain/api_settings'
import { EMPTY_VALUE } from '@domain/formatting'
import { staffLayout } from '~/layouts/staff_layout'
import { SettingsForm } from '~/components/form/settings_form'
import { useTranslation } from '~/hooks/use_translation'

/**
 * API Settings (admin spec §2): a two-column grid, one card per provider,
 * each a form generated from its settings schema that stays open after a save
 * (§8). Stored keys show masked; the Currency API's quota is read-only.
 */
export default function ApiSettings({ cards }: InferPageProps<ApiSettingsController, 'page'>) {
  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2" data-testid="api-settings">
      {cards.map((card) => (
        <ApiCard key={card.key} initial={card} />
      ))}
    </div>
  )
}

function ApiCard({ initial }: { initial: ApiSettingsCardProps }) {
  const { t } = useTranslation()
  // The card is the server's answer after each save: which keys are stored now.
  const [card, setCard] = useState(initial)
  const schema = apiSettingsCard(card.key)!.schema
  return (
    <SettingsForm
      schema={schema}
      values={card.values}
      secretsSet={card.secretsSet}
      title={card.title}
      url={`/admin/apis/${card.key}`}
      method="PUT"
      extra={{ key: card.key }}
      clearable
      testId={`api-card-${card.key}`}
      className="w-full"
      onSaved={(data: { card: ApiSettingsCardProps }) => setCard(data.card)}
    >
      {card.quota && (
        <div className="grid grid-cols-2 gap-4" data-testid="currency-quota">
          <Input
            isReadOnly
            label={t('Remaining Quota')}
            labelPlacement="outside"
            variant="faded"
            value={card.quota.remaining ?? EMPTY_VALUE}
          />
          <Input
            isReadOnly
            label={t('Monthly Limit')}
            labelPlacement="outside"
            variant="faded"
            value={card.quota.limit ?? EMPTY_VALUE}
          />
        </div>
      )}
    </SettingsForm>
  )
}

ApiSettings.layout = staffLayout

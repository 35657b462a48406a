import { useState } from 'react'
import { Button, Input } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type ApiSettingsController from '#controllers/staff/api_settings_controller'
import type { ApiSettingsCardProps } from '#transformers/api_settings_transformer'
import { apiSettingsCard, hasSavedSettings } from '@domain/api_settings'
import { EMPTY_VALUE } from '@domain/formatting'
import { staffLayout } from '~/layouts/staff_layout'
import { SettingsForm } from '~/components/form/settings_form'
import { useTranslation } from '~/hooks/use_translation'
import { ConfirmDialog } from '~/components/common/confirm_dialog'
import { api, errorMessage } from '~/lib/api'
import { route } from '~/lib/routes'
import { toastError, toastSuccess } from '~/lib/toast'

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
  // Bumped by a disconnect: the form starts again from the emptied card.
  const [version, setVersion] = useState(0)
  const [confirming, setConfirming] = useState(false)
  const schema = apiSettingsCard(card.key)!.schema
  const stored = hasSavedSettings(schema, card.values, card.secretsSet)
  const disconnect = async () => {
    try {
      const answer = await api<{ message: string; card: ApiSettingsCardProps }>(
        'DELETE',
        route('admin.apis.disconnect', { key: card.key })
      )
      toastSuccess(answer.message)
      setCard(answer.card)
      setVersion((v) => v + 1)
    } catch (error) {
      toastError(errorMessage(error))
      throw error
    }
  }
  return (
    <SettingsForm
      key={version}
      schema={schema}
      values={card.values}
      secretsSet={card.secretsSet}
      title={card.title}
      url={route('admin.apis.update', { key: card.key })}
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
      {stored && (
        <>
          <Button
            type="button"
            color="danger"
            variant="flat"
            className="self-start"
            onPress={() => setConfirming(true)}
            data-testid={`api-disconnect-${card.key}`}
          >
            {t('Disconnect')}
          </Button>
          <ConfirmDialog
            isOpen={confirming}
            title="Disconnect"
            message={t(
              'Erase the saved settings of {title}? Its markets go back to the simulator.',
              {
                title: t(card.title),
              }
            )}
            confirmLabel="Disconnect"
            confirmColor="danger"
            onConfirm={disconnect}
            onClose={() => setConfirming(false)}
            testId={`api-disconnect-confirm-${card.key}`}
          />
        </>
      )}
    </SettingsForm>
  )
}

ApiSettings.layout = staffLayout

import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Card, CardBody, Chip, Modal, ModalContent, ModalHeader } from '@heroui/react'
import type { GatewayCard } from '#transformers/gateway_transformer'
import { GATEWAY_FORMS } from '@domain/gateways'
import { formatPercent } from '@domain/formatting'
import { GatewayForm, type FileRules } from '~/components/gateways/gateway_form'
import { useTranslation } from '~/hooks/use_translation'

/**
 * Automatic or Manual Gateways (admin spec §2 Gateways): a two-column grid of
 * gateway cards (logo or name, state); a card opens its kind's form in a
 * modal that stays open until the save succeeds, then the grid refreshes.
 */
export function GatewayGrid(props: { gateways: GatewayCard[]; fileRules: FileRules }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<GatewayCard | null>(null)
  return (
    <>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="gateway-grid">
        {props.gateways.map((gateway) => (
          <GatewayTile key={gateway.value} gateway={gateway} onOpen={() => setOpen(gateway)} />
        ))}
      </div>
      <Modal
        isOpen={open !== null}
        onClose={() => setOpen(null)}
        size="2xl"
        scrollBehavior="inside"
      >
        <ModalContent data-testid="gateway-modal">
          {open && (
            <>
              <ModalHeader>{t(GATEWAY_FORMS[open.value].name)}</ModalHeader>
              <GatewayForm
                key={open.value}
                gateway={open}
                fileRules={props.fileRules}
                onCancel={() => setOpen(null)}
                onSaved={() => {
                  setOpen(null)
                  router.reload({ only: ['gateways'] })
                }}
              />
            </>
          )}
        </ModalContent>
      </Modal>
    </>
  )
}

function GatewayTile({ gateway, onOpen }: { gateway: GatewayCard; onOpen: () => void }) {
  const { t } = useTranslation()
  const spec = GATEWAY_FORMS[gateway.value]
  // The crypto kinds' file is the deposit QR code, shown beside the name rather than as a logo.
  const logo = spec.fileLabel ? null : gateway.logo
  const qrCode = spec.fileLabel ? gateway.logo : null
  // A built-in name ("Bank Transfer") has its translation; a name staff typed shows as typed until translated.
  const name = t(gateway.name)
  return (
    <Card isPressable onPress={onOpen} shadow="sm" data-testid={`gateway-card-${gateway.value}`}>
      <CardBody className="flex min-h-24 flex-row items-center justify-between gap-4 p-5">
        {logo ? (
          <img src={logo.url} alt={name} className="h-12 max-w-48 object-contain" />
        ) : (
          <div className="flex items-center gap-3">
            {qrCode && (
              <img src={qrCode.url} alt={t(spec.fileLabel!)} className="h-12 w-12 object-contain" />
            )}
            <span className="text-large font-semibold">{name}</span>
          </div>
        )}
        <div className="flex flex-col items-end gap-1">
          {logo && <span className="text-small text-default-500">{name}</span>}
          <div className="flex gap-2" data-testid={`gateway-state-${gateway.value}`}>
            {spec.hasActive ? (
              <Chip size="sm" variant="flat" color={gateway.isActive ? 'success' : 'default'}>
                {t(gateway.isActive ? 'Active' : 'Inactive')}
              </Chip>
            ) : (
              <Chip size="sm" variant="flat" color={gateway.offered ? 'success' : 'default'}>
                {t(gateway.offered ? 'Configured' : 'Not configured')}
              </Chip>
            )}
            {spec.hasActive && gateway.isActive && !gateway.offered && (
              // Switched on but a required field is empty: customers are not offered it.
              <Chip size="sm" variant="flat" color="warning">
                {t('Incomplete')}
              </Chip>
            )}
          </div>
          {gateway.fee !== null && (
            <span className="text-tiny text-default-500">
              {t('Fee')}: {formatPercent(gateway.fee)}
            </span>
          )}
        </div>
      </CardBody>
    </Card>
  )
}

import { Modal, ModalBody, ModalContent, ModalHeader } from '@heroui/react'
import type { Session } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { useSubscribe } from '~/hooks/use_subscribe'
import { PlanCard } from '~/components/shell/plan_card'

/** The plan choice a customer without a plan cannot dismiss (customer spec §2 Shell). */
export default function PlanModalControl({ session }: { session: Session }) {
  const { t } = useTranslation()
  const { subscribe, busyPlanId, dialog } = useSubscribe()
  return (
    <Modal
      isOpen={session.needsPlan}
      hideCloseButton
      isDismissable={false}
      isKeyboardDismissDisabled
      size="5xl"
      scrollBehavior="inside"
      data-testid="plan-modal"
    >
      <ModalContent>
        <ModalHeader className="flex flex-col gap-1">
          {t('Pricing Plan')}
          <span className="text-small font-normal text-default-500">
            {t('Choose a plan to start trading. You can change it at any time; charges apply.')}
          </span>
        </ModalHeader>
        <ModalBody className="pb-6">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {session.plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                currency={session.activeBalance?.currency ?? 'USD'}
                subscribed={session.pricingTableId === plan.id}
                busy={busyPlanId === plan.id}
                onSubscribe={subscribe}
              />
            ))}
          </div>
          {dialog}
        </ModalBody>
      </ModalContent>
    </Modal>
  )
}

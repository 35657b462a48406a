import type { Session } from '~/hooks/use_shared'
import { afterPaint } from '~/components/common/after_paint'

/**
 * The plan choice a customer without a plan cannot dismiss (customer spec §2
 * Shell). HeroUI's modal comes after the page paints, the modal a moment
 * after the page.
 */
export const PlanModal = afterPaint<{ session: Session }>(
  () => import('~/components/shell/plan_modal_control'),
  () => null
)

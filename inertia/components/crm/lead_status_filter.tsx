import { afterPaint } from '~/components/common/after_paint'
import type { LeadStatusFilterProps } from '~/components/crm/lead_status_filter_control'

/** The small select's box, at its size, while HeroUI's select is fetched. */
function LeadStatusFilterPlaceholder() {
  return <div className="h-8 w-48 rounded-small bg-default-100" aria-hidden="true" />
}

/** The lead lists' Sale Status filter; HeroUI's select comes after the page paints. */
export const LeadStatusFilter = afterPaint<LeadStatusFilterProps>(
  () => import('~/components/crm/lead_status_filter_control'),
  LeadStatusFilterPlaceholder
)

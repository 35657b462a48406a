import { afterPaint } from '~/components/common/after_paint'

export interface LeadStatusFilterProps {
  /** The chosen sale status, or ALL_STATUSES. */
  value: string
  statuses: string[]
  /** The key of 'All' (ALL_STATUSES: passed in, so that this lazy part shares no module with the page alone). */
  allKey: string
  onChange: (status: string) => void
}

/** The small select's box, at its size, while HeroUI's select is fetched. */
function LeadStatusFilterPlaceholder() {
  return <div className="h-8 w-48 rounded-small bg-default-100" aria-hidden="true" />
}

/** The lead lists' Sale Status filter; HeroUI's select comes after the page paints. */
export const LeadStatusFilter = afterPaint<LeadStatusFilterProps>(
  () => import('~/components/crm/lead_status_filter_control'),
  LeadStatusFilterPlaceholder
)

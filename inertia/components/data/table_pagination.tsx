import { useTranslation } from '~/hooks/use_translation'

/** Pages beside the current one, and at each end, before the rest fold into '…' (HeroUI's defaults). */
const SIBLINGS = 1
const BOUNDARIES = 1

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)

/** The page numbers shown, with 'dots' where a run is left out (the same ranges as HeroUI's). */
export function pageItems(page: number, total: number): (number | 'dots')[] {
  if (SIBLINGS * 2 + 3 + BOUNDARIES * 2 >= total) return range(1, total)
  const left = Math.max(page - SIBLINGS, BOUNDARIES)
  const right = Math.min(page + SIBLINGS, total - BOUNDARIES)
  const leftDots = left > BOUNDARIES + 2
  const rightDots = right < total - (BOUNDARIES + 1)
  if (!leftDots && rightDots) {
    return [
      ...range(1, SIBLINGS * 2 + BOUNDARIES + 2),
      'dots',
      ...range(total - BOUNDARIES + 1, total),
    ]
  }
  if (leftDots && !rightDots) {
    return [
      ...range(1, BOUNDARIES),
      'dots',
      ...range(total - (BOUNDARIES + 1 + 2 * SIBLINGS), total),
    ]
  }
  return [
    ...range(1, BOUNDARIES),
    'dots',
    ...range(left, right),
    'dots',
    ...range(total - BOUNDARIES + 1, total),
  ]
}

/** HeroUI's flat, compact, medium pagination item (one segment of a joined bar). */
const ITEM =
  'flex h-9 min-w-9 items-center justify-center px-2 text-small text-default-foreground select-none outline-none ' +
  'bg-default-100 hover:bg-default-200 active:bg-default-300 focus-visible:z-10 focus-visible:outline-2 ' +
  'focus-visible:outline-offset-2 focus-visible:outline-focus disabled:pointer-events-none disabled:text-default-300'
const ACTIVE = 'bg-primary text-primary-foreground hover:bg-primary active:bg-primary'

function Chevron({ next }: { next?: boolean }) {
  return (
    <svg
      aria-hidden
      focusable="false"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      className={next ? 'rotate-180' : undefined}
    >
      <path
        d="M15.5 19l-7-7 7-7"
        stroke="currentColor"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth={1.5}
      />
    </svg>
  )
}

/**
 * The table's pager on native buttons, drawn as HeroUI's compact Pagination with arrows, without
 * its react-aria stack (issue 25 item 4): the current page carries aria-current, and every button
 * is disabled while a page loads.
 */
export function TablePagination(props: {
  page: number
  total: number
  onChange: (page: number) => void
  isDisabled?: boolean
  testId?: string
}) {
  const { t } = useTranslation()
  const { page, total, onChange, isDisabled } = props
  const items = pageItems(page, total)
  return (
    <nav
      aria-label={t('Pagination')}
      data-testid={props.testId}
      className={`-m-2.5 overflow-x-auto p-2.5 scrollbar-hide ${isDisabled ? 'pointer-events-none opacity-disabled' : ''}`}
    >
      <ul className="flex h-fit max-w-fit flex-nowrap items-center rounded-medium shadow-xs">
        <li>
          <button
            type="button"
            aria-label={t('Previous page')}
            className={`${ITEM} rounded-s-medium`}
            disabled={isDisabled || page <= 1}
            onClick={() => onChange(page - 1)}
          >
            <Chevron />
          </button>
        </li>
        {items.map((item, i) =>
          item === 'dots' ? (
            <li key={`dots-${i}`} aria-hidden className={`${ITEM} hover:bg-default-100`}>
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-current={item === page ? 'page' : undefined}
                className={`${ITEM} ${item === page ? ACTIVE : ''}`}
                disabled={isDisabled}
                onClick={() => item !== page && onChange(item)}
              >
                {item}
              </button>
            </li>
          )
        )}
        <li>
          <button
            type="button"
            aria-label={t('Next page')}
            className={`${ITEM} rounded-e-medium`}
            disabled={isDisabled || page >= total}
            onClick={() => onChange(page + 1)}
          >
            <Chevron next />
          </button>
        </li>
      </ul>
    </nav>
  )
}

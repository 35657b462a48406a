import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Button, Card, CardBody, Input, Spinner } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type DashboardController from '#controllers/staff/dashboard_controller'
import type { DashboardData } from '#queries/dashboard'
import { formatCurrency, formatDay } from '@domain/formatting'
import { staffLayout } from '~/layouts/staff_layout'
import { api, ApiError, errorMessage } from '~/lib/api'
import { route } from '~/lib/routes'
import { useTranslation } from '~/hooks/use_translation'
import { FeedWarnings } from '~/components/dashboard/feed_warnings'
import { VoisoWarning } from '~/components/dashboard/voiso_warning'
import { BooksLine } from '~/components/dashboard/books_line'

/* apexcharts is loaded with the charts only, never with this page's first paint nor any other page. */
const DashboardCharts = lazy(() => import('~/components/dashboard/dashboard_charts'))

interface Range {
  from: string
  to: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The range in the address (?from&to), so a reload or a shared link shows the same figures. */
function rangeFromUrl(): Range {
  const query = new URLSearchParams(window.location.search)
  const day = (key: string) => {
    const value = query.get(key) ?? ''
    return DAY.test(value) ? value : ''
  }
  return { from: day('from'), to: day('to') }
}

function rangeToUrl(range: Range) {
  const url = new URL(window.location.href)
  for (const key of ['from', 'to'] as const) {
    if (range[key]) url.searchParams.set(key, range[key])
    else url.searchParams.delete(key)
  }
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url)
}

/**
 * Dashboard (admin spec §2): a From/To range with Reset, five cards, the
 * last 7 days' deposits and withdrawals, and trades per market. Figures
 * come from GET /admin/dashboard; what each one counts is said on the page
 * (app/domain/dashboard.ts has the rules).
 */
export default function Dashboard(props: InferPageProps<DashboardController, 'page'>) {
  const { t } = useTranslation()
  const [range, setRange] = useState<Range>(rangeFromUrl)
  const [data, setData] = useState<DashboardData | null>(null)
  const [errors, setErrors] = useState<Partial<Range>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const latest = useRef(0)

  useEffect(() => {
    if (range.from && range.to && range.to < range.from) {
      setErrors({ to: 'To must be on or after From' })
      return
    }
    rangeToUrl(range)
    const request = ++latest.current
    setLoading(true)
    api<DashboardData>(
      'GET',
      route('admin.dashboard.data', undefined, { from: range.from, to: range.to })
    )
      .then((answer) => {
        if (request !== latest.current) return
        setData(answer)
        setErrors({})
        setFailure(null)
      })
      .catch((error) => {
        if (request !== latest.current) return
        if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors)
        else setFailure(errorMessage(error))
      })
      .finally(() => {
        if (request === latest.current) setLoading(false)
      })
  }, [range])

  const edit = (key: keyof Range, value: string) => {
    setErrors((e) => ({ ...e, [key]: undefined }))
    // A half-typed date stays in the field without asking the server.
    if (value === '' || DAY.test(value)) setRange((r) => ({ ...r, [key]: value }))
  }

  const currency = data?.currency ?? ''
  const cards = data
    ? [
        {
          key: 'deposits',
          title: 'Total Deposits',
          value: formatCurrency(data.totalDeposits, currency),
        },
        {
          key: 'withdraws',
          title: 'Total Withdraws',
          value: formatCurrency(data.totalWithdraws, currency),
        },
        {
          key: 'trades',
          title: 'Total Trades',
          value: data.totalTrades.toLocaleString('en-US'),
          note: t('Demo accounts: {count} trades', {
            count: data.demoTrades.toLocaleString('en-US'),
          }),
        },
        { key: 'users', title: 'Total Users', value: data.totalUsers.toLocaleString('en-US') },
        { key: 'pnl', title: 'Profit/Loss', value: formatCurrency(data.totalProLoss, currency) },
      ]
    : []

  return (
    <div className="flex flex-col gap-4" data-testid="dashboard">
      <FeedWarnings heartbeat={props.heartbeat} />
      <VoisoWarning problem={props.voisoProblem} />
      <BooksLine books={props.books} />
      <Card>
        <CardBody className="flex flex-col gap-3">
          <div className="flex flex-wrap items-start gap-3">
            <Input
              type="date"
              name="from"
              label={t('From')}
              labelPlacement="outside-left"
              variant="bordered"
              className="w-auto"
              value={range.from}
              max={range.to || undefined}
              onValueChange={(v) => edit('from', v)}
              isInvalid={!!errors.from}
              errorMessage={errors.from ? t(errors.from) : undefined}
              data-testid="dashboard-from"
            />
            <Input
              type="date"
              name="to"
              label={t('To')}
              labelPlacement="outside-left"
              variant="bordered"
              className="w-auto"
              value={range.to}
              min={range.from || undefined}
              onValueChange={(v) => edit('to', v)}
              isInvalid={!!errors.to}
              errorMessage={errors.to ? t(errors.to) : undefined}
              data-testid="dashboard-to"
            />
            <Button
              variant="bordered"
              isDisabled={!range.from && !range.to}
              onPress={() => {
                setErrors({})
                setRange({ from: '', to: '' })
              }}
              data-testid="dashboard-reset"
            >
              {t('Reset')}
            </Button>
            {loading && (
              <Spinner size="sm" aria-label={t('Loading')} data-testid="dashboard-loading" />
            )}
          </div>
          <p className="text-small text-default-500" data-testid="dashboard-range">
            {range.from || range.to
              ? t('From {from} to {to}', {
                  from: range.from ? formatDay(range.from, 'display') : t('the beginning'),
                  to: range.to ? formatDay(range.to, 'display') : t('today'),
                })
              : t('All time')}
          </p>
        </CardBody>
      </Card>

      {failure && (
        <Card>
          <CardBody className="text-danger" data-testid="dashboard-failure">
            {t(failure)}
          </CardBody>
        </Card>
      )}

      {data && (
        <>
          <div
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5"
            data-testid="dashboard-cards"
          >
            {cards.map((card) => (
              <Card key={card.key} data-testid={`card-${card.key}`}>
                <CardBody className="gap-1">
                  <span className="text-small text-default-500">{t(card.title)}</span>
                  <span className="text-2xl font-semibold" data-testid={`card-${card.key}-value`}>
                    {card.value}
                  </span>
                  {card.note && <span className="text-tiny text-default-400">{card.note}</span>}
                </CardBody>
              </Card>
            ))}
          </div>

          <div
            className="flex flex-col gap-1 text-small text-default-500"
            data-testid="dashboard-notes"
          >
            <p data-testid="dashboard-currency">
              {t(
                'Amounts in {currency} at current exchange rates; real accounts only, demo accounts left out.',
                {
                  currency,
                }
              )}
            </p>
            <p>
              {t(
                "Profit/Loss is the customers' realized profit or loss on trades closed in the range; a negative figure is what customers lost, the broker's side is the opposite."
              )}
            </p>
            {data.unconverted.length > 0 && (
              <p className="text-warning" data-testid="dashboard-unconverted">
                {t('No exchange rate for {currencies}: those amounts are left out.', {
                  currencies: data.unconverted.join(', '),
                })}
              </p>
            )}
          </div>

          <Suspense
            fallback={
              <div className="flex justify-center py-24">
                <Spinner aria-label={t('Loading')} />
              </div>
            }
          >
            <DashboardCharts
              recent={data.last7DaysTransactions}
              engagement={data.tradeEngagement}
              currency={currency}
            />
          </Suspense>
        </>
      )}
    </div>
  )
}

Dashboard.layout = staffLayout

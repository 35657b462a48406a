import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Alert, Button, Card, CardBody, CardHeader, Chip, Spinner, Switch } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type RiskExposureController from '#controllers/staff/risk_exposure_controller'
import type { ExposureView } from '#transformers/exposure_transformer'
import type { ExposureAccount, ExposureSnapshot } from '#services/market/exposure_snapshots'
import type { StaffTradeRow } from '#transformers/staff_trade_transformer'
import { EXPOSURE_CHANNEL } from '@domain/channels'
import { CATEGORY_TITLES } from '@domain/instruments'
import {
  EMPTY_VALUE,
  formatCurrency,
  formatDateTime,
  formatDecimal,
  formatPercent,
  formatRate,
  orderTypeLabel,
} from '@domain/formatting'
import { PagedTable, type PagedColumn } from '~/components/data/paged_table'
import { staffLayout } from '~/layouts/staff_layout'
import { useChannel } from '~/hooks/use_transmit'
import { useTranslation } from '~/hooks/use_translation'
import { api, errorMessage } from '~/lib/api'
import { route } from '~/lib/routes'

const ExposureChart = lazy(() => import('~/components/risk/exposure_chart'))

type Mode = 'real' | 'demo'
type Row = ExposureView['data'][number]
type Total = ExposureView['totals'][number]
type DrillRow = StaffTradeRow & { units: string }
type DrillDown =
  { kind: 'instrument'; instrument: string } | { kind: 'account'; balanceId: number; name: string }

/** Without a snapshot for this long, the market role is taken as not running (its snapshots expire as fast). */
const SILENCE_MS = 10_000

function viewOf(snapshot: ExposureSnapshot, mode: Mode): ExposureView {
  return {
    mode,
    live: true,
    builtAt: snapshot.builtAt,
    buildMs: snapshot.buildMs,
    since: snapshot.since,
    marginCallLevel: snapshot.marginCallLevel,
    ...snapshot.modes[mode],
  }
}

const usd = (value: string | null) => (value === null ? EMPTY_VALUE : formatCurrency(value, 'USD'))
const units = (value: string) => formatDecimal(value, undefined, { group: true })
const signed = (value: string | null) =>
  value === null ? '' : Number(value) > 0 ? 'text-success' : Number(value) < 0 ? 'text-danger' : ''

/** The USD figures an instrument row and a category total both show. */
interface UsdFigures {
  usdNotional: string | null
  usdGross: string | null
  clientsUnrealizedPl: string | null
  realizedToday: string | null
}

/** The four USD columns, one definition for both tables (each places them in its own order). */
function usdFigureColumns<T extends UsdFigures>(options: {
  sortable: boolean
  notionalTestId?: (row: T) => string
}) {
  const column = (
    key: keyof UsdFigures,
    label: string,
    render: (row: T) => React.ReactNode
  ): PagedColumn<T> => ({
    key,
    label,
    align: 'end',
    ...(options.sortable ? { sortValue: (r: T) => r[key] } : {}),
    render,
  })
  const testId = options.notionalTestId
  return {
    notional: column('usdNotional', 'Net notional (USD)', (r) =>
      testId ? <span data-testid={testId(r)}>{usd(r.usdNotional)}</span> : usd(r.usdNotional)
    ),
    gross: column('usdGross', 'Gross notional (USD)', (r) => usd(r.usdGross)),
    unrealized: column('clientsUnrealizedPl', "Customers' unrealized P/L", (r) => (
      <span className={signed(r.clientsUnrealizedPl)}>{usd(r.clientsUnrealizedPl)}</span>
    )),
    realized: column('realizedToday', 'Realized P/L today', (r) => (
      <span className={signed(r.realizedToday)}>{usd(r.realizedToday)}</span>
    )),
  }
}

/**
 * The dealing desk's exposure (issue 24 item 3): the customers' book per
 * instrument from the market role's in-memory book — long, short, net and
 * gross units, USD notional, positions, the customers' unrealized and today's
 * realized P/L — with category totals, a chart of the net exposure, the
 * largest accounts and the accounts at or below the margin-call level. Live
 * from the staff-only `exposure` channel (a snapshot at most every second);
 * an instrument or an account opens its open positions below.
 */
export default function RiskExposure(props: InferPageProps<RiskExposureController, 'page'>) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<Mode>(props.mode)
  const [view, setView] = useState<ExposureView>(props.view)
  const [heardAt, setHeardAt] = useState(() => (props.view.live ? Date.now() : 0))
  const [now, setNow] = useState(() => Date.now())
  const latest = useRef<ExposureSnapshot | null>(null)
  const modeRef = useRef(mode)
  const [drill, setDrill] = useState<DrillDown | null>(null)
  const [drillRows, setDrillRows] = useState<DrillRow[] | null>(null)
  const [drillError, setDrillError] = useState<string | null>(null)

  useChannel<{ type?: string; snapshot?: string }>(EXPOSURE_CHANNEL, (message) => {
    if (message?.type !== 'exposure' || typeof message.snapshot !== 'string') return
    try {
      const snapshot = JSON.parse(message.snapshot) as ExposureSnapshot
      latest.current = snapshot
      setView(viewOf(snapshot, modeRef.current))
      setHeardAt(Date.now())
    } catch {
      // A frame that is not a snapshot changes nothing.
    }
  })

  useEffect(() => {
    const clock = setInterval(() => setNow(Date.now()), 2000)
    return () => clearInterval(clock)
  }, [])

  const switchMode = (demo: boolean) => {
    const next: Mode = demo ? 'demo' : 'real'
    modeRef.current = next
    setMode(next)
    setDrill(null)
    window.history.replaceState(
      window.history.state,
      '',
      route('admin.risk', undefined, { mode: next })
    )
    if (latest.current) return setView(viewOf(latest.current, next))
    api<ExposureView>('GET', route('admin.risk.exposure.api', undefined, { mode: next }))
      .then(setView)
      .catch(() => {})
  }

  useEffect(() => {
    if (!drill) return
    setDrillRows(null)
    setDrillError(null)
    const query =
      drill.kind === 'instrument'
        ? `instrument=${encodeURIComponent(drill.instrument)}`
        : `balanceId=${drill.balanceId}`
    let cancelled = false
    api<{ data: DrillRow[] }>('GET', `${route('admin.risk.positions')}?mode=${mode}&${query}`)
      .then((reply) => !cancelled && setDrillRows(reply.data))
      .catch((error) => !cancelled && setDrillError(errorMessage(error)))
    return () => {
      cancelled = true
    }
  }, [drill, mode])

  const live = view.live && (heardAt === 0 || now - heardAt <= SILENCE_MS)
  const open = (d: DrillDown) => setDrill(d)

  const rowFigures = usdFigureColumns<Row>({
    sortable: true,
    notionalTestId: (r) => `exposure-notional-${r.instrument}`,
  })
  const totalFigures = usdFigureColumns<Total>({ sortable: false })

  const instrumentColumns: PagedColumn<Row>[] = [
    {
      key: 'instrument',
      label: 'Instrument',
      sortValue: (r) => r.instrument,
      render: (r) => (
        <Button
          size="sm"
          variant="light"
          className="px-1 font-medium"
          onPress={() => open({ kind: 'instrument', instrument: r.instrument })}
          data-testid={`exposure-open-${r.instrument}`}
        >
          {r.instrument}
        </Button>
      ),
    },
    {
      key: 'category',
      label: 'Category',
      sortValue: (r) => r.category,
      render: (r) => t(CATEGORY_TITLES[r.category]),
    },
    {
      key: 'longUnits',
      label: 'Long units',
      align: 'end',
      sortValue: (r) => r.longUnits,
      render: (r) => units(r.longUnits),
    },
    {
      key: 'shortUnits',
      label: 'Short units',
      align: 'end',
      sortValue: (r) => r.shortUnits,
      render: (r) => units(r.shortUnits),
    },
    {
      key: 'netUnits',
      label: 'Net units',
      align: 'end',
      sortValue: (r) => r.netUnits,
      render: (r) => units(r.netUnits),
    },
    {
      key: 'grossUnits',
      label: 'Gross units',
      align: 'end',
      sortValue: (r) => r.grossUnits,
      render: (r) => units(r.grossUnits),
    },
    rowFigures.notional,
    rowFigures.gross,
    {
      key: 'positions',
      label: 'Positions',
      align: 'end',
      sortValue: (r) => r.positions,
      render: (r) => <span data-testid={`exposure-positions-${r.instrument}`}>{r.positions}</span>,
    },
    rowFigures.unrealized,
    rowFigures.realized,
  ]

  const totalColumns: PagedColumn<Total>[] = [
    { key: 'category', label: 'Category', render: (r) => t(CATEGORY_TITLES[r.category]) },
    { key: 'positions', label: 'Positions', align: 'end' },
    totalFigures.notional,
    totalFigures.gross,
    totalFigures.unrealized,
    totalFigures.realized,
  ]

  const accountColumns: PagedColumn<ExposureAccount>[] = [
    {
      key: 'name',
      label: 'Account',
      render: (a) => (
        <Button
          size="sm"
          variant="light"
          className="px-1"
          onPress={() => open({ kind: 'account', balanceId: a.balanceId, name: a.name })}
          data-testid={`exposure-account-${a.balanceId}`}
        >
          {a.name} · {a.currency}
        </Button>
      ),
    },
    { key: 'positions', label: 'Positions', align: 'end' },
    {
      key: 'usdNotional',
      label: 'Notional (USD)',
      align: 'end',
      render: (a) => usd(a.usdNotional),
    },
    {
      key: 'unrealizedPl',
      label: 'Unrealized P/L (USD)',
      align: 'end',
      render: (a) => <span className={signed(a.unrealizedPl)}>{usd(a.unrealizedPl)}</span>,
    },
    {
      key: 'marginLevel',
      label: 'Margin level',
      align: 'end',
      render: (a) => formatPercent(a.marginLevel, 2),
    },
  ]

  const drillColumns: PagedColumn<DrillRow>[] = [
    { key: 'id', label: 'Order ID', sortValue: (r) => r.id },
    { key: 'user', label: 'Email', render: (r) => r.user.email },
    { key: 'instrument', label: 'Instrument' },
    { key: 'type', label: 'Type', render: (r) => t(orderTypeLabel(r.type)) },
    {
      key: 'units',
      label: 'Units',
      align: 'end',
      sortValue: (r) => r.units,
      render: (r) => units(r.units),
    },
    {
      key: 'openRate',
      label: 'Open Rate',
      align: 'end',
      render: (r) => formatRate(r.openRate, r.digits),
    },
    {
      key: 'proLoss',
      label: 'Profit/Loss',
      align: 'end',
      sortValue: (r) => r.proLoss,
      render: (r) =>
        r.proLoss === null ? EMPTY_VALUE : formatCurrency(r.proLoss, r.balance.currency),
    },
    { key: 'createdAt', label: 'Open Time' },
  ]

  const table = <T,>(
    label: string,
    testId: string,
    columns: PagedColumn<T>[],
    rows: T[],
    rowKey: (row: T) => string | number,
    defaultSort?: { column: string; direction: 'ascending' | 'descending' }
  ) => (
    <PagedTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      page={1}
      pageSize={Math.max(rows.length, 1)}
      total={rows.length}
      onPageChange={() => {}}
      emptyText="No data found"
      testId={testId}
      defaultSort={defaultSort ?? { column: columns[0].key, direction: 'ascending' }}
    />
  )

  return (
    <div className="flex flex-col gap-4" data-testid="risk-exposure">
      <div className="flex flex-wrap items-center gap-3">
        <Switch
          isSelected={mode === 'demo'}
          onValueChange={switchMode}
          size="sm"
          data-testid="exposure-demo-switch"
        >
          {t('Demo accounts')}
        </Switch>
        <Chip
          size="sm"
          variant="flat"
          color={live ? 'success' : 'danger'}
          data-testid="exposure-live"
          data-state={live ? 'live' : 'down'}
        >
          {live ? t('Live') : t('Not live')}
        </Chip>
        {view.builtAt && (
          <span className="text-small text-default-500" data-testid="exposure-built-at">
            {t('Updated {time}', { time: formatDateTime(view.builtAt, 'display') })}
          </span>
        )}
        <Button
          as="a"
          size="sm"
          variant="flat"
          href={route('admin.risk.exposure.csv', undefined, { mode })}
          download
          className="ms-auto"
          data-testid="exposure-csv"
        >
          {t('Export CSV')}
        </Button>
      </div>
      {!live && (
        <Alert
          color="warning"
          title={t('The market role is not running: no live exposure to show')}
          data-testid="exposure-down"
        />
      )}

      {table(
        t('Exposure per instrument'),
        'exposure-table',
        instrumentColumns,
        view.data,
        (r) => r.instrument
      )}
      <Card>
        <CardHeader className="font-semibold">{t('Totals per category')}</CardHeader>
        <CardBody>
          {table(
            t('Totals per category'),
            'exposure-totals',
            totalColumns,
            view.totals,
            (r) => r.category,
            { column: 'category', direction: 'ascending' }
          )}
        </CardBody>
      </Card>

      <Suspense fallback={<Spinner aria-label={t('Loading')} />}>
        <ExposureChart bars={view.data} />
      </Suspense>

      <div className="grid grid-cols-1 gap-4 2xl:grid-cols-2">
        <Card>
          <CardHeader className="font-semibold">{t('Top 10 accounts by notional')}</CardHeader>
          <CardBody>
            {table(
              t('Top 10 accounts by notional'),
              'exposure-top-notional',
              accountColumns,
              view.topByNotional,
              (a) => a.balanceId,
              { column: 'usdNotional', direction: 'descending' }
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader className="font-semibold">
            {t('Top 10 accounts by unrealized P/L')}
          </CardHeader>
          <CardBody>
            {table(
              t('Top 10 accounts by unrealized P/L'),
              'exposure-top-pl',
              accountColumns,
              view.topByUnrealizedPl,
              (a) => a.balanceId,
              { column: 'unrealizedPl', direction: 'descending' }
            )}
          </CardBody>
        </Card>
      </div>

      <Card>
        <CardHeader className="flex flex-wrap gap-2 font-semibold">
          {t('Accounts at or below the margin-call level ({level})', {
            level: formatPercent(view.marginCallLevel ?? '100'),
          })}
          <Chip
            size="sm"
            variant="flat"
            color={view.marginCallCount ? 'danger' : 'default'}
            data-testid="exposure-margin-call-count"
          >
            {view.marginCallCount}
          </Chip>
        </CardHeader>
        <CardBody>
          {table(
            t('Accounts at or below the margin-call level'),
            'exposure-margin-calls',
            accountColumns,
            view.marginCalls,
            (a) => a.balanceId,
            { column: 'marginLevel', direction: 'ascending' }
          )}
        </CardBody>
      </Card>

      {drill && (
        <Card data-testid="exposure-drill-down">
          <CardHeader className="flex flex-wrap items-center gap-2 font-semibold">
            {drill.kind === 'instrument'
              ? t('Open positions in {instrument}', { instrument: drill.instrument })
              : t('Open positions of {account}', { account: drill.name })}
            <Button size="sm" variant="light" className="ms-auto" onPress={() => setDrill(null)}>
              {t('Close')}
            </Button>
          </CardHeader>
          <CardBody>
            {drillError ? (
              <Alert color="danger" title={t(drillError)} />
            ) : drillRows === null ? (
              <Spinner aria-label={t('Loading')} />
            ) : (
              <>
                {table(
                  t('Open positions'),
                  'exposure-drill-table',
                  drillColumns,
                  drillRows,
                  (r) => r.id,
                  { column: 'units', direction: 'descending' }
                )}
                {drillRows.length >= props.drillDownLimit && (
                  <p className="pt-2 text-small text-default-500">
                    {t('The {limit} largest positions are shown', { limit: props.drillDownLimit })}
                  </p>
                )}
              </>
            )}
          </CardBody>
        </Card>
      )}
    </div>
  )
}

RiskExposure.layout = staffLayout

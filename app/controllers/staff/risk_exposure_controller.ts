import type { HttpContext } from '@adonisjs/core/http'
import { toCsv } from '#domain/csv'
import type { BookMode } from '#domain/exposure'
import exposureSnapshots from '#services/market/exposure_snapshots'
import { openTradesOf, DRILL_DOWN_LIMIT } from '#queries/staff_trades'
import { staffTradeRow } from '#transformers/staff_trade_transformer'
import { exposureView, EXPOSURE_CSV_COLUMNS } from '#transformers/exposure_transformer'
import { exposurePositionsValidator, exposureQueryValidator } from '#validators/risk_exposure'

/**
 * The dealing desk's exposure screen (issue 24 item 3), roles admin and
 * manager. Everything comes from the market role's latest snapshot of its
 * in-memory book (kept in this process, or in Redis for a web process),
 * never from an aggregate over the positions; with no fresh snapshot the
 * screen says the market role is not running. The drill-down reads the open
 * trades of one instrument or wallet (indexed, at most DRILL_DOWN_LIMIT).
 */
export default class RiskExposureController {
  /** GET /admin/risk?mode */
  async page({ inertia, request }: HttpContext) {
    const { mode = 'real' } = await request.validateUsing(exposureQueryValidator, {
      data: request.qs(),
    })
    return inertia.render('staff/risk/index', {
      mode: mode as BookMode,
      view: exposureView(await exposureSnapshots.latest(), mode),
      drillDownLimit: DRILL_DOWN_LIMIT,
    })
  }

  /** GET /admin/risk/exposure/api?mode=real|demo → { data[], totals[], top…, marginCalls[], live, builtAt } */
  async api({ request }: HttpContext) {
    const { mode = 'real' } = await request.validateUsing(exposureQueryValidator, {
      data: request.qs(),
    })
    return exposureView(await exposureSnapshots.latest(), mode)
  }

  /** GET /admin/risk/exposure/csv?mode: the per-instrument table and its category totals. */
  async csv({ request, response }: HttpContext) {
    const { mode = 'real' } = await request.validateUsing(exposureQueryValidator, {
      data: request.qs(),
    })
    const view = exposureView(await exposureSnapshots.latest(), mode)
    const rows = [
      ...view.data.map((r) => EXPOSURE_CSV_COLUMNS.map(([key]) => r[key])),
      ...view.totals.map((t) =>
        EXPOSURE_CSV_COLUMNS.map(([key]) =>
          key === 'instrument' ? 'Total' : key in t ? (t as any)[key] : null
        )
      ),
    ]
    const stamp = (view.builtAt ?? new Date().toISOString()).slice(0, 19).replace(/[:T]/g, '-')
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Disposition', `attachment; filename="exposure_${mode}_${stamp}.csv"`)
    response.header('Cache-Control', 'no-store')
    return response.send(
      toCsv(
        EXPOSURE_CSV_COLUMNS.map(([, header]) => header),
        rows
      )
    )
  }

  /** GET /admin/risk/positions?mode&instrument | &balanceId → { data: open trades, largest first } */
  async positions({ request }: HttpContext) {
    const {
      mode = 'real',
      instrument,
      balanceId,
    } = await request.validateUsing(exposurePositionsValidator, { data: request.qs() })
    const trades = await openTradesOf({ mode, instrument, balanceId })
    return {
      data: trades.map((t) => ({ ...staffTradeRow(t), units: t.tradeAmount })),
      limit: DRILL_DOWN_LIMIT,
    }
  }
}

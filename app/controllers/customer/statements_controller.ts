import type { HttpContext } from '@adonisjs/core/http'
import {
  historyQuery,
  statementRangeValidator,
  statementHistoryValidator,
} from '#validators/statements'
import { statementOrders, statementPage } from '#queries/statements'
import {
  STATEMENT_COLUMNS,
  statementCsvRow,
  statementRow,
} from '#transformers/statement_transformer'
import { DEFAULT_PAGE_SIZE } from '#domain/pagination'
import { toCsv } from '#domain/csv'

/** Statements of closed trades (customer spec §2 Statements, §7). */
export default class StatementsController {
  /**
   * GET /statements: the first page for the range in the address (pages and
   * filter changes then go through /statements/history). An address with a
   * bad range renders the unfiltered statement with the messages, which the
   * page shows under the filter.
   */
  async index({ inertia, request, auth }: HttpContext) {
    const [error, input] = await statementRangeValidator.tryValidate(historyQuery(request.qs()))
    const filter = {
      dateStart: input?.dateStart ?? '',
      dateEnd: input?.dateEnd ?? '',
    }
    const { orders, meta } = await statementPage(auth.getUserOrFail(), filter)
    const filterErrors: Record<string, string> = {}
    for (const e of (error?.messages ?? []) as { field: string; message: string }[]) {
      filterErrors[e.field] ??= e.message
    }
    return inertia.render('customer/statements', {
      statements: { data: orders.map(statementRow), meta },
      filter,
      filterErrors,
    })
  }

  /** GET /statements/history?page&limit&dateStart&dateEnd → { data, meta } */
  async history({ request, auth }: HttpContext) {
    const {
      page = 1,
      limit = DEFAULT_PAGE_SIZE,
      ...filter
    } = await request.validateUsing(statementHistoryValidator, { data: historyQuery(request.qs()) })
    const { orders, meta } = await statementPage(auth.getUserOrFail(), filter, page, limit)
    return { data: orders.map(statementRow), meta }
  }

  /** GET /statements/export?dateStart&dateEnd: every row of the range as a CSV download. */
  async export({ request, response, auth }: HttpContext) {
    const filter = await request.validateUsing(statementRangeValidator, {
      data: historyQuery(request.qs()),
    })
    const rows = (await statementOrders(auth.getUserOrFail(), filter)).map(statementCsvRow)
    const csv = toCsv(
      STATEMENT_COLUMNS.map(([, header]) => header),
      rows.map((row) => STATEMENT_COLUMNS.map(([key]) => row[key]))
    )
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Disposition', `attachment; filename="${exportFileName(filter)}"`)
    response.header('Cache-Control', 'no-store')
    return response.send(csv)
  }
}

/** statements_2025-01-01_2025-01-31.csv, statements_from_…, statements_until_… or statements_all. */
function exportFileName(filter: { dateStart?: string; dateEnd?: string }) {
  const { dateStart, dateEnd } = filter
  if (dateStart && dateEnd) return `statements_${dateStart}_${dateEnd}.csv`
  if (dateStart) return `statements_from_${dateStart}.csv`
  if (dateEnd) return `statements_until_${dateEnd}.csv`
  return 'statements_all.csv'
}

/*
| The dashboard's daily rollup (admin spec §2 Dashboard, issue 11 items 2 and 9).
|
| `dashboard_daily` holds, per UTC day, what the dashboard's figures add up:
|
|   metric       from          counted when                                   day of       amount
|   trades       orders        not deleted                                    created_at   —
|   pnl          orders        not deleted, closed with a realized P/L        close_time   pro_loss
|   deposits     deposits      approved                                       decided_at   amount
|   withdrawals  withdrawals   approved                                       decided_at   amount
|   users        users         a customer (role 3)                            created_at   —
|
| keyed by the wallet's mode and currency (trades: mode and market kind). The
| dashboard then reads a few hundred rows for any range instead of a million
| orders: every figure stays one SQL aggregate (a SUM over the days in the
| range), and a range of whole UTC days maps exactly onto days.
|
| Triggers keep it in the same transaction as the write, on SQLite and
| PostgreSQL alike: an insert adds the row's contribution, a delete subtracts
| it, an update that changes a fact's inputs subtracts the old contribution and
| adds the new one (an order's close touches only the P/L, never the trade
| count). A wallet deleted outright (a customer removed with everything) first
| subtracts all its rows' contributions; its rows' own delete triggers then
| find no wallet and add nothing twice.
|
| One definition below (FACTS) builds the PostgreSQL functions, the SQLite
| triggers and the set-based backfill, so the three cannot disagree.
*/

export type Dialect = 'postgres' | 'sqlite'
export type Source = 'orders' | 'deposits' | 'withdrawals' | 'users'

export const ROLLUP_TABLE = 'dashboard_daily'
const KEY = '(day, metric, mode, currency, kind)'

interface Fact {
  metric: string
  source: Source
  /** Whether the row names a wallet (balance_id), whose mode and currency key the fact. */
  wallet: boolean
  /** The row counts when this holds (r: the row's alias or NEW/OLD). */
  when: (r: string) => string
  /** The timestamp column that decides the day. */
  dayColumn: string
  withCurrency: boolean
  kind: (r: string) => string
  amount: (r: string) => string
  /** Columns an update must change for the contribution to move. */
  inputs: string[]
}

export const FACTS: Fact[] = [
  {
    metric: 'trades',
    source: 'orders',
    wallet: true,
    when: (r) => `${r}.deleted_at IS NULL`,
    dayColumn: 'created_at',
    withCurrency: false,
    kind: (r) => `${r}.kind`,
    amount: () => '0',
    inputs: ['deleted_at', 'created_at', 'kind', 'balance_id'],
  },
  {
    metric: 'pnl',
    source: 'orders',
    wallet: true,
    when: (r) =>
      `${r}.deleted_at IS NULL AND ${r}.close_time IS NOT NULL AND ${r}.pro_loss IS NOT NULL`,
    dayColumn: 'close_time',
    withCurrency: true,
    kind: () => `''`,
    amount: (r) => `${r}.pro_loss`,
    inputs: ['deleted_at', 'close_time', 'pro_loss', 'balance_id'],
  },
  ...(['deposits', 'withdrawals'] as const).map((source): Fact => ({
    metric: source,
    source,
    wallet: true,
    when: (r) => `${r}.status = 'approved' AND ${r}.decided_at IS NOT NULL`,
    dayColumn: 'decided_at',
    withCurrency: true,
    kind: () => `''`,
    amount: (r) => `${r}.amount`,
    inputs: ['status', 'decided_at', 'amount', 'balance_id'],
  })),
  {
    metric: 'users',
    source: 'users',
    wallet: false,
    when: (r) => `${r}.role_id = 3`,
    dayColumn: 'created_at',
    withCurrency: false,
    kind: () => `''`,
    amount: () => '0',
    inputs: ['role_id', 'created_at'],
  },
]

/**
 * The UTC day of a timestamp column as YYYY-MM-DD. SQLite holds Lucid's
 * timestamps as text in the process zone (app/domain/date_format.ts): 'utc'
 * converts that to UTC (and leaves a value with an explicit offset as it is).
 */
export function dayOf(dialect: Dialect, column: string) {
  return dialect === 'postgres'
    ? `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
    : `date(${column}, 'utc')`
}

const upsert = `ON CONFLICT ${KEY} DO UPDATE SET count = ${ROLLUP_TABLE}.count + excluded.count, amount = ${ROLLUP_TABLE}.amount + excluded.amount`

/** The rollup row one source row (NEW or OLD) contributes, added (sign 1) or taken away (-1). */
function rowContribution(dialect: Dialect, fact: Fact, row: 'NEW' | 'OLD', sign: 1 | -1) {
  const minus = sign === -1 ? '-' : ''
  const columns = [
    dayOf(dialect, `${row}.${fact.dayColumn}`),
    `'${fact.metric}'`,
    fact.wallet ? 'w.mode' : `''`,
    fact.withCurrency ? 'w.currency' : `''`,
    fact.kind(row),
    `${minus}1`,
    `${minus}(${fact.amount(row)})`,
  ]
  const from = fact.wallet ? ` FROM balances w WHERE w.id = ${row}.balance_id AND` : ' WHERE'
  return `INSERT INTO ${ROLLUP_TABLE} ${KEY.replace(')', ', count, amount)')} SELECT ${columns.join(', ')}${from} ${fact.when(row)} ${upsert}`
}

/**
 * Every contribution of the wallet being deleted (OLD), taken away at once:
 * its rows are about to go with it (ON DELETE CASCADE) and their own triggers
 * will no longer find the wallet.
 */
function walletRemoval(dialect: Dialect, fact: Fact) {
  const day = dayOf(dialect, `r.${fact.dayColumn}`)
  const kind = fact.kind('r')
  return `INSERT INTO ${ROLLUP_TABLE} ${KEY.replace(')', ', count, amount)')}
    SELECT ${day}, '${fact.metric}', OLD.mode, ${fact.withCurrency ? 'OLD.currency' : `''`}, ${kind}, -COUNT(*), -SUM(${fact.amount('r')})
    FROM ${fact.source} r WHERE r.balance_id = OLD.id AND ${fact.when('r')}
    GROUP BY ${groupBy([day, kind])} HAVING COUNT(*) > 0 ${upsert}`
}

/** A GROUP BY list without the constant columns (PostgreSQL refuses a literal there). */
function groupBy(expressions: string[]) {
  return expressions.filter((e) => !e.startsWith(`'`)).join(', ')
}

/** Whether an update changed one of the fact's inputs (null-safe). */
function changed(dialect: Dialect, fact: Fact) {
  const differs = dialect === 'postgres' ? 'IS DISTINCT FROM' : 'IS NOT'
  return fact.inputs.map((c) => `OLD.${c} ${differs} NEW.${c}`).join(' OR ')
}

const SOURCES: Source[] = ['orders', 'deposits', 'withdrawals', 'users']
const factsOf = (source: Source) => FACTS.filter((f) => f.source === source)

/** The DDL that creates the triggers (the table itself is created by the migration). */
export function createTriggers(dialect: Dialect): string[] {
  const statements: string[] = []
  if (dialect === 'postgres') {
    for (const source of SOURCES) {
      const facts = factsOf(source)
      const body = facts
        .map(
          (f) => `
          IF TG_OP = 'INSERT' THEN ${rowContribution(dialect, f, 'NEW', 1)};
          ELSIF TG_OP = 'DELETE' THEN ${rowContribution(dialect, f, 'OLD', -1)};
          ELSIF ${changed(dialect, f)} THEN
            ${rowContribution(dialect, f, 'OLD', -1)};
            ${rowContribution(dialect, f, 'NEW', 1)};
          END IF;`
        )
        .join('\n')
      statements.push(`CREATE OR REPLACE FUNCTION ${ROLLUP_TABLE}_${source}() RETURNS trigger AS $$
        BEGIN
          ${body}
          RETURN NULL;
        END
        $$ LANGUAGE plpgsql`)
      const columns = [...new Set(facts.flatMap((f) => f.inputs))].join(', ')
      statements.push(`CREATE TRIGGER ${ROLLUP_TABLE}_${source}
        AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON ${source}
        FOR EACH ROW EXECUTE FUNCTION ${ROLLUP_TABLE}_${source}()`)
    }
    const removal = FACTS.filter((f) => f.wallet)
      .map((f) => `${walletRemoval(dialect, f)};`)
      .join('\n')
    statements.push(`CREATE OR REPLACE FUNCTION ${ROLLUP_TABLE}_balances() RETURNS trigger AS $$
      BEGIN
        ${removal}
        RETURN OLD;
      END
      $$ LANGUAGE plpgsql`)
    statements.push(`CREATE TRIGGER ${ROLLUP_TABLE}_balances BEFORE DELETE ON balances
      FOR EACH ROW EXECUTE FUNCTION ${ROLLUP_TABLE}_balances()`)
    return statements
  }

  for (const fact of FACTS) {
    const name = `${ROLLUP_TABLE}_${fact.metric}`
    statements.push(`CREATE TRIGGER ${name}_insert AFTER INSERT ON ${fact.source} BEGIN
      ${rowContribution(dialect, fact, 'NEW', 1)};
    END`)
    statements.push(`CREATE TRIGGER ${name}_delete AFTER DELETE ON ${fact.source} BEGIN
      ${rowContribution(dialect, fact, 'OLD', -1)};
    END`)
    statements.push(`CREATE TRIGGER ${name}_update AFTER UPDATE OF ${fact.inputs.join(', ')} ON ${fact.source}
      WHEN ${changed(dialect, fact)} BEGIN
      ${rowContribution(dialect, fact, 'OLD', -1)};
      ${rowContribution(dialect, fact, 'NEW', 1)};
    END`)
  }
  statements.push(`CREATE TRIGGER ${ROLLUP_TABLE}_balances_delete BEFORE DELETE ON balances BEGIN
    ${FACTS.filter((f) => f.wallet)
      .map((f) => `${walletRemoval(dialect, f)};`)
      .join('\n')}
  END`)
  return statements
}

export function dropTriggers(dialect: Dialect): string[] {
  if (dialect === 'postgres') {
    return [...SOURCES, 'balances' as const].flatMap((source) => [
      `DROP TRIGGER IF EXISTS ${ROLLUP_TABLE}_${source} ON ${source}`,
      `DROP FUNCTION IF EXISTS ${ROLLUP_TABLE}_${source}()`,
    ])
  }
  return [
    ...FACTS.flatMap((f) =>
      ['insert', 'delete', 'update'].map(
        (op) => `DROP TRIGGER IF EXISTS ${ROLLUP_TABLE}_${f.metric}_${op}`
      )
    ),
    `DROP TRIGGER IF EXISTS ${ROLLUP_TABLE}_balances_delete`,
  ]
}

/**
 * The rollup computed from the source tables, one set-based INSERT … SELECT
 * per fact into `into` (the rollup itself by default): fills the table when
 * the migration runs over existing rows, rebuilds it (after a DELETE) if it
 * was ever bypassed (rows loaded with triggers disabled), and gives tests a
 * fresh copy to compare the trigger-kept one with.
 */
export function backfill(dialect: Dialect, into = ROLLUP_TABLE): string[] {
  const merge = upsert.replaceAll(`${ROLLUP_TABLE}.`, `${into}.`)
  return FACTS.map((fact) => {
    const day = dayOf(dialect, `r.${fact.dayColumn}`)
    const kind = fact.kind('r')
    const mode = fact.wallet ? 'w.mode' : `''`
    const currency = fact.withCurrency ? 'w.currency' : `''`
    const join = fact.wallet ? ' JOIN balances w ON w.id = r.balance_id' : ''
    return `INSERT INTO ${into} ${KEY.replace(')', ', count, amount)')}
      SELECT ${day}, '${fact.metric}', ${mode}, ${currency}, ${kind}, COUNT(*), SUM(${fact.amount('r')})
      FROM ${fact.source} r${join} WHERE ${fact.when('r')}
      GROUP BY ${groupBy([day, mode, currency, kind])} HAVING COUNT(*) > 0 ${merge}`
  })
}

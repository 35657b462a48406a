/*
| Set-based seed of a back office at scale (PostgreSQL only): customers, their
| wallets, orders, deposits and withdrawals, each table filled by one
| INSERT … SELECT over generate_series, so 1,000,000 orders take about a minute
| instead of hours of row-by-row inserts from JavaScript.
|
| It runs after the app's own migrations and demo seed (settings, instruments,
| the demo staff accounts), so the app reads the rows exactly as it would read
| its own. Rows are shaped like production's:
|
|   - customers registered evenly over the last YEARS years;
|   - two wallets each: demo (USD) and real (USD 75 %, EUR 20 %, GBP 5 %);
|   - orders in id order of their opening time over the same years, on a random
|     wallet (so about half demo) and a random listed instrument; CLOSED_SHARE
|     closed within 3 days with a realized P/L in cents, the others open;
|     DELETED_SHARE soft-deleted (deleted_at set) by staff;
|   - deposits and withdrawals on real wallets only, 85 % approved (decided
|     within two hours), 10 % declined, 5 % pending.
|
| Wallet balances are not reconciled with a ledger: nothing here moves money,
| and the benchmark reads lists and aggregates only.
*/

export interface ScaleCounts {
  customers: number
  orders: number
  deposits: number
  withdrawals: number
  years: number
}

export const DEFAULT_SCALE: ScaleCounts = {
  customers: 100_000,
  orders: 1_000_000,
  deposits: 200_000,
  withdrawals: 50_000,
  years: 3,
}

const CLOSED_SHARE = 0.97
const DELETED_SHARE = 0.01

/** The statements, in order; each is one set-based query. */
export function scaleSeedStatements(c: ScaleCounts): { label: string; sql: string }[] {
  const span = `interval '${Math.round(c.years * 365)} days'`
  // Time of the i-th of n rows, evenly over the span ending now, with a little jitter (ids follow time).
  const at = (i: string, n: number) =>
    `(now() - ${span} + (${i}::float8 / ${n}) * ${span} - random() * interval '30 minutes')`
  return [
    { label: 'deterministic random', sql: `SELECT setseed(0.42)` },
    {
      label: `${c.customers} customers`,
      sql: `INSERT INTO users (full_name, email, password, role_id, is_email_verified, is_active, created_at, updated_at)
        SELECT 'Scale Customer ' || g, 'scale' || g || '@scale.test', 'not-a-password-hash', 3, true, true,
               ${at('g', c.customers)}, now()
        FROM generate_series(1, ${c.customers}) g
        ORDER BY g`,
    },
    {
      label: 'their wallets',
      sql: `INSERT INTO balances (user_id, mode, currency, balance, margin, on_hold, version, created_at, updated_at)
        SELECT u.id, m.mode,
               CASE WHEN m.mode = 'demo' OR u.id % 20 < 15 THEN 'USD' WHEN u.id % 20 < 19 THEN 'EUR' ELSE 'GBP' END,
               CASE WHEN m.mode = 'demo' THEN 10000 ELSE 0 END, 0, 0, 0, u.created_at, u.created_at
        FROM users u CROSS JOIN (VALUES ('demo'), ('real')) AS m(mode)
        WHERE u.email LIKE '%@scale.test'
        ORDER BY u.id, m.mode`,
    },
    {
      label: 'numbered wallets and instruments',
      sql: `CREATE TEMP TABLE scale_wallets AS
          SELECT row_number() OVER (ORDER BY b.id) AS n, b.id, b.user_id, b.mode
          FROM balances b JOIN users u ON u.id = b.user_id WHERE u.email LIKE '%@scale.test';
        CREATE UNIQUE INDEX ON scale_wallets (n);
        CREATE TEMP TABLE scale_real_wallets AS
          SELECT row_number() OVER (ORDER BY id) AS n, id, user_id FROM scale_wallets WHERE mode = 'real';
        CREATE UNIQUE INDEX ON scale_real_wallets (n);
        CREATE TEMP TABLE scale_instruments AS
          SELECT row_number() OVER (ORDER BY id) AS n, id, name, base, quote, category FROM instruments;
        CREATE UNIQUE INDEX ON scale_instruments (n)`,
    },
    {
      label: `${c.orders} orders`,
      sql: `INSERT INTO orders (user_id, balance_id, instrument_id, instrument, base_symbol, quote_symbol, kind, type,
                            trade_amount, open_rate, close_rate, close_time, spread, exchange_rate, margin_used,
                            leverage, pro_loss, close_reason, created_at, updated_at, deleted_at)
        SELECT w.user_id, w.id, i.id, i.name, i.base, i.quote, i.category,
               CASE WHEN s.g % 2 = 0 THEN 'buy' ELSE 'sell' END,
               1000, 1.1, CASE WHEN s.closed THEN 1.1 END, CASE WHEN s.closed THEN s.closed_at END, 0, 1,
               CASE WHEN s.closed THEN 0 ELSE 11 END, 100,
               CASE WHEN s.closed THEN round(((random() - 0.52) * 400)::numeric, 2) END,
               CASE WHEN s.closed THEN 'manual' END,
               s.opened, s.opened,
               CASE WHEN s.deleted THEN least(now(), s.opened + interval '1 day') END
        FROM (
          SELECT g, opened, least(now(), opened + random() * interval '3 days') AS closed_at,
                 random() < ${CLOSED_SHARE} AS closed, random() < ${DELETED_SHARE} AS deleted,
                 1 + floor(random() * (SELECT count(*) FROM scale_wallets))::int AS wn,
                 1 + floor(random() * (SELECT count(*) FROM scale_instruments))::int AS inn
          FROM (SELECT g, ${at('g', c.orders)} AS opened FROM generate_series(1, ${c.orders}) g) t
        ) s
        JOIN scale_wallets w ON w.n = s.wn
        JOIN scale_instruments i ON i.n = s.inn
        ORDER BY s.g`,
    },
    ...(['deposits', 'withdrawals'] as const).map((table) => {
      const n = table === 'deposits' ? c.deposits : c.withdrawals
      return {
        label: `${n} ${table}`,
        sql: `INSERT INTO ${table} (user_id, balance_id, gateway, amount, fee, total, description, status,
                               decided_at, ${table === 'deposits' ? 'tx_ref, ' : ''}created_at, updated_at)
          SELECT w.user_id, w.id, (ARRAY['bank', 'stripe', 'paypal', 'btc', 'usdt'])[1 + s.g % 5],
                 s.amount, 0, s.amount, 'Scale ${table}', s.status,
                 CASE WHEN s.status <> 'pending' THEN least(now(), s.created + random() * interval '2 hours') END,
                 ${table === 'deposits' ? `'scale-' || s.g, ` : ''}s.created, s.created
          FROM (
            SELECT g, created, round((50 + random() * 4950)::numeric, 2) AS amount,
                   CASE WHEN r < 0.85 THEN 'approved' WHEN r < 0.95 THEN 'declined' ELSE 'pending' END AS status,
                   1 + floor(random() * (SELECT count(*) FROM scale_real_wallets))::int AS wn
            FROM (SELECT g, random() AS r, ${at('g', n)} AS created FROM generate_series(1, ${n}) g) t
          ) s
          JOIN scale_real_wallets w ON w.n = s.wn
          ORDER BY s.g`,
      }
    }),
    { label: 'statistics', sql: `ANALYZE` },
  ]
}

import { useEffect, useState } from 'react'
import { Card, CardBody, Chip } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type SystemStatusController from '#controllers/staff/system_status_controller'
import { HEARTBEAT_CHANNEL } from '@domain/channels'
import {
  CHIPS,
  chipState,
  FEED_MESSAGES,
  FEED_STATUS_ROWS,
  HEARTBEAT_SILENCE_MS,
  quotaText,
  readHeartbeat,
} from '@domain/feed_status'
import { EMPTY_VALUE, formatDateTime } from '@domain/formatting'
import { readMarketDown } from '@domain/market_watch'
import { staffLayout } from '~/layouts/staff_layout'
import { useChannel } from '~/hooks/use_transmit'
import { useTranslation } from '~/hooks/use_translation'
import { api } from '~/lib/api'
import { route } from '~/lib/routes'

type Quota = { used: number | null; total: number | null }

/** How often the Currency API quota is read again (the poller refreshes it every 15 minutes). */
const QUOTA_EVERY_MS = 60_000

/**
 * API Status (admin spec §2 "API Status", §4): one row per feed with a chip
 * that starts at Checking and follows the live `heartbeat` events, the
 * feed's message beside it, and the Currency API's quota as used/total.
 * The page starts from the market role's last heartbeat when there is one.
 * When the web process hears no market role, every row says Down since when
 * (a `marketDown` frame from this process's watch) until a heartbeat comes.
 */
export default function ApiStatus(props: InferPageProps<SystemStatusController, 'apiPage'>) {
  const { t } = useTranslation()
  const [feeds, setFeeds] = useState(() => readHeartbeat(props.heartbeat) ?? {})
  const [heardAt, setHeardAt] = useState(() => (props.heartbeat ? Date.now() : null))
  const [now, setNow] = useState(() => Date.now())
  const [quota, setQuota] = useState<Quota | null>(props.quota)
  const [down, setDown] = useState(() =>
    props.market.state === 'down' ? { since: props.market.since } : null
  )

  useChannel<unknown>(HEARTBEAT_CHANNEL, (frame) => {
    const marketDown = readMarketDown(frame)
    if (marketDown) return setDown(marketDown)
    const read = readHeartbeat(frame)
    if (!read) return
    setDown(null)
    setFeeds(read)
    setHeardAt(Date.now())
  })

  useEffect(() => {
    const clock = setInterval(() => setNow(Date.now()), 5000)
    const poll = setInterval(() => {
      api<Quota>('GET', route('admin.status.api.quota'))
        .then(setQuota)
        .catch(() => {})
    }, QUOTA_EVERY_MS)
    return () => {
      clearInterval(clock)
      clearInterval(poll)
    }
  }, [])

  const silent = heardAt !== null && now - heardAt > HEARTBEAT_SILENCE_MS
  const downText = !down
    ? null
    : down.since === null
      ? t('No heartbeat from the market process')
      : t('Down since {time}', { time: formatDateTime(new Date(down.since), 'display') })
  return (
    <Card className="max-w-3xl">
      <CardBody className="flex flex-col divide-y divide-divider p-0">
        {FEED_STATUS_ROWS.map(({ feed, label }) => {
          const beat = feeds[feed]
          const state = chipState(beat, silent, down !== null)
          const chip = CHIPS[state]
          return (
            <div
              key={feed}
              className="grid grid-cols-[1fr_auto] items-center gap-2 px-5 py-4 sm:grid-cols-[16rem_8rem_1fr]"
              data-testid={`feed-row-${feed}`}
            >
              <span className="font-medium">{t(label)}</span>
              <Chip
                size="sm"
                variant="flat"
                color={chip.color}
                data-testid={`feed-chip-${feed}`}
                data-state={state}
              >
                {t(chip.label)}
              </Chip>
              <span
                className="col-span-2 text-small text-default-500 sm:col-span-1"
                data-testid={`feed-message-${feed}`}
              >
                {downText !== null
                  ? downText
                  : silent
                    ? t('No heartbeat from the market process')
                    : beat
                      ? FEED_MESSAGES.has(beat.message)
                        ? t(beat.message)
                        : beat.message
                      : EMPTY_VALUE}
              </span>
            </div>
          )
        })}
        <div
          className="grid grid-cols-[1fr_auto] items-center gap-2 px-5 py-4 sm:grid-cols-[16rem_8rem_1fr]"
          data-testid="feed-row-currencyApi"
        >
          <span className="font-medium">{t('Currency API')}</span>
          <span className="text-small text-default-500">{t('Remaining Quota')}</span>
          <span className="font-mono" data-testid="currency-quota">
            {quotaText(quota)}
          </span>
        </div>
        <div className="px-5 py-4 text-small text-default-500" data-testid="market-role">
          {props.marketRole
            ? t('Market role: {holder} (epoch {epoch}) since {since}', {
                ...props.marketRole,
                since: formatDateTime(props.marketRole.since, 'display'),
              })
            : t('Market role: no process holds it')}
        </div>
      </CardBody>
    </Card>
  )
}

ApiStatus.layout = staffLayout

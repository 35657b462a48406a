import { useState } from 'react'
import { Alert } from '@heroui/react'
import { Link } from '@inertiajs/react'
import { HEARTBEAT_CHANNEL } from '@domain/channels'
import { failingFeeds, FEED_MESSAGES, readHeartbeat } from '@domain/feed_status'
import { useChannel } from '~/hooks/use_transmit'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

/**
 * A warning per market-data feed whose saved key cannot connect (issue 21
 * item 8), from the last heartbeat and then the live ones: the admin sees a
 * bad key on the dashboard, not only on API Status.
 */
export function FeedWarnings(props: { heartbeat: unknown }) {
  const { t } = useTranslation()
  const [feeds, setFeeds] = useState(() => readHeartbeat(props.heartbeat))
  useChannel<unknown>(HEARTBEAT_CHANNEL, (frame) => {
    const read = readHeartbeat(frame)
    if (read) setFeeds(read)
  })
  const failing = failingFeeds(feeds)
  if (failing.length === 0) return null
  return (
    <Alert
      color="warning"
      title={t('A saved API key cannot connect')}
      data-testid="dashboard-feed-warnings"
      description={
        <ul className="flex flex-col gap-1">
          {failing.map(({ feed, label, message }) => (
            <li key={feed} data-testid={`dashboard-feed-warning-${feed}`}>
              {t(label)}: {FEED_MESSAGES.has(message) ? t(message) : message}{' '}
              <Link href={route('admin.status.api')} className="text-primary underline">
                {t('API Status')}
              </Link>
            </li>
          ))}
        </ul>
      }
    />
  )
}

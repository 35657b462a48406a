import { useCallback, useState } from 'react'
import { formatDateTime } from '@domain/formatting'
import { trackChannel } from '@domain/channels'
import { addVisit, type PageVisit } from '@domain/page_tracking'
import { useChannel } from '~/hooks/use_transmit'
import { useTranslation } from '~/hooks/use_translation'

/**
 * The edit customer page's Tracking tab (CRM spec §2.9, issue 14): the pages
 * the customer opens while this tab is mounted, live from `track:{userId}`,
 * newest first, a URL already listed skipped. Nothing is stored: the list
 * starts empty ('No data found') each time the tab opens. Only staff who may
 * open the customer can subscribe (start/transmit.ts).
 */
export function TrackingTab(props: { userId: number }) {
  const { t } = useTranslation()
  const [visits, setVisits] = useState<readonly PageVisit[]>([])
  const onMessage = useCallback((message: unknown) => {
    setVisits((list) => addVisit(list, message))
  }, [])
  useChannel<unknown>(trackChannel(props.userId), onMessage)

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-small" data-testid="tracking-list">
        <thead>
          <tr className="border-b border-default-200 text-default-500">
            <th className="px-3 py-2 font-medium">{t('URL')}</th>
            <th className="px-3 py-2 font-medium">{t('Time')}</th>
          </tr>
        </thead>
        <tbody>
          {visits.length === 0 && (
            <tr>
              <td colSpan={2} className="px-3 py-4 text-center text-default-500">
                {t('No data found')}
              </td>
            </tr>
          )}
          {visits.map((visit) => (
            <tr key={visit.url} className="border-b border-default-100" data-testid="tracking-row">
              <td className="break-all px-3 py-2" data-testid="tracking-url">
                {visit.url}
              </td>
              <td className="whitespace-nowrap px-3 py-2" data-testid="tracking-time">
                {formatDateTime(visit.time, 'display')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

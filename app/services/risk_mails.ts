import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import Balance from '#models/balance'
import Order from '#models/order'
import User from '#models/user'
import settings from '#services/settings_service'
import StopOutNotification from '#mails/stop_out_notification'
import MarginCallNotification, { type MarginCallMailData } from '#mails/margin_call_notification'
import { formatQuoteTime, sourceLabel, type AccountAtTrigger } from '#domain/evidence'
import { money } from '#domain/money'

/*
 * The risk engine's e-mails (issue 24 item 5), sent over the project's SMTP
 * mailer outside the engine's job queue (a slow mail server never delays a
 * close): the caller runs them as deferred work.
 */

const two = (value: string | null) => (value === null ? '—' : money(value).toFixed(2))

/** The stop-out e-mail: the positions `orderIds` closed, each with its evidence, and the account at the trigger. */
export async function sendStopOutMail(
  balanceId: number,
  orderIds: number[],
  account: AccountAtTrigger
) {
  const wallet = await Balance.find(balanceId)
  const user = wallet ? await User.find(wallet.userId) : null
  if (!wallet || !user) return
  const orders = await Order.query().whereIn('id', orderIds).orderBy('id')
  const site = await settings.site()
  try {
    await mail.send(
      new StopOutNotification({
        user,
        appName: site.appName,
        currency: wallet.currency,
        equity: account.equity.toFixed(2),
        margin: account.margin.toFixed(2),
        marginLevel: account.marginLevel ? account.marginLevel.toFixed(2) : '—',
        positions: orders.map((o) => ({
          id: o.id,
          instrument: o.instrument,
          side: o.type === 'sell' ? 'Sell' : 'Buy',
          amount: money(o.tradeAmount).toFixed(),
          closeRate: o.closeRate === null ? '—' : money(o.closeRate).toFixed(),
          rateSide: o.type === 'sell' ? 'ask' : 'bid',
          bid: o.closeBid === null ? '—' : money(o.closeBid).toFixed(),
          ask: o.closeAsk === null ? '—' : money(o.closeAsk).toFixed(),
          quotedAt: o.closeQuotedAt ? formatQuoteTime(o.closeQuotedAt.toMillis()) : '—',
          feed: sourceLabel(o.closeSource),
          profitLoss: two(o.proLoss),
        })),
      })
    )
  } catch (error) {
    logger.error({ err: error, balanceId, orderIds }, 'stop-out e-mail not sent')
  }
}

/** The margin-call e-mail of one episode. */
export async function sendMarginCallMail(
  userId: number,
  figures: Omit<MarginCallMailData, 'user' | 'appName'>
) {
  const user = await User.find(userId)
  if (!user) return
  const site = await settings.site()
  try {
    await mail.send(new MarginCallNotification({ user, appName: site.appName, ...figures }))
  } catch (error) {
    logger.error({ err: error, userId }, 'margin-call e-mail not sent')
  }
}

import { BaseMail } from '@adonisjs/mail'

/** One closed position of a stop-out, with the quote it closed on (execution evidence), ready to print. */
export interface StopOutLine {
  id: number
  instrument: string
  side: string
  amount: string
  closeRate: string
  /** 'bid' for a buy (it sells at the bid), 'ask' for a sell. */
  rateSide: string
  bid: string
  ask: string
  quotedAt: string
  feed: string
  profitLoss: string
}

export interface StopOutMailData {
  user: { fullName: string; email: string }
  appName: string
  currency: string
  equity: string
  margin: string
  marginLevel: string
  positions: StopOutLine[]
}

/** The stop-out e-mail (issue 24 item 5): what was closed, at which quote, and the account at the trigger. */
export default class StopOutNotification extends BaseMail {
  constructor(private data: StopOutMailData) {
    super()
  }

  prepare() {
    const count = this.data.positions.length
    this.message
      .to(this.data.user.email, this.data.user.fullName)
      .subject(
        `Stop-out: ${count} ${count === 1 ? 'position' : 'positions'} closed on your ${this.data.appName} account`
      )
      .htmlView('emails/stop_out', this.data)
      .textView('emails/stop_out_text', this.data)
  }
}

import { BaseMail } from '@adonisjs/mail'

export interface MarginCallMailData {
  user: { fullName: string; email: string }
  appName: string
  currency: string
  equity: string
  margin: string
  marginLevel: string
  callLevel: string
  stopOutLevel: string
}

/** The margin-call e-mail (issue 24 item 5): one per episode. */
export default class MarginCallNotification extends BaseMail {
  constructor(private data: MarginCallMailData) {
    super()
  }

  prepare() {
    this.message
      .to(this.data.user.email, this.data.user.fullName)
      .subject(`Margin call on your ${this.data.appName} account`)
      .htmlView('emails/margin_call', this.data)
      .textView('emails/margin_call_text', this.data)
  }
}

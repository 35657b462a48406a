import { BaseMail } from '@adonisjs/mail'
import { RESET_TOKEN_TTL_MINUTES } from '#domain/tokens'

export default class ResetPasswordNotification extends BaseMail {
  constructor(
    private user: { fullName: string; email: string },
    private link: string,
    private appName: string
  ) {
    super()
  }

  prepare() {
    const data = {
      user: this.user,
      link: this.link,
      appName: this.appName,
      minutes: RESET_TOKEN_TTL_MINUTES,
    }
    this.message
      .to(this.user.email, this.user.fullName)
      .subject(`Reset your ${this.appName} password`)
      .htmlView('emails/reset_password', data)
      .textView('emails/reset_password_text', data)
  }
}

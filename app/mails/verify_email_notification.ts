import { BaseMail } from '@adonisjs/mail'

export default class VerifyEmailNotification extends BaseMail {
  constructor(
    private user: { fullName: string; email: string },
    private link: string,
    private appName: string
  ) {
    super()
  }

  prepare() {
    this.message
      .to(this.user.email, this.user.fullName)
      .subject(`Verify your e-mail address for ${this.appName}`)
      .htmlView('emails/verify_email', { user: this.user, link: this.link, appName: this.appName })
      .textView('emails/verify_email_text', {
        user: this.user,
        link: this.link,
        appName: this.appName,
      })
  }
}

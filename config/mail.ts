import env from '#start/env'
import { defineConfig, transports } from '@adonisjs/mail'

/* Real SMTP everywhere; in development `npm run demo` runs a local catcher. */
const mailConfig = defineConfig({
  default: 'smtp',
  from: {
    address: env.get('MAIL_FROM_ADDRESS', 'no-reply@broker.local'),
    name: env.get('MAIL_FROM_NAME', 'Broker'),
  },
  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST', '127.0.0.1'),
      port: env.get('SMTP_PORT', 2525),
      secure: false,
      ignoreTLS: env.get('SMTP_HOST', '127.0.0.1') === '127.0.0.1',
      auth: env.get('SMTP_USERNAME')
        ? {
            type: 'login',
            user: env.get('SMTP_USERNAME')!,
            pass: env.get('SMTP_PASSWORD', ''),
          }
        : undefined,
    }),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}

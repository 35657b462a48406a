import type { BaseMail } from '@adonisjs/mail'

/** The first link in a sent mail's text body, optionally matching a path prefix. */
export function linkIn(sent: BaseMail, pathPrefix = '/'): URL {
  const text = String(
    sent.message.nodeMailerMessage.text ?? sent.message.nodeMailerMessage.html ?? ''
  )
  for (const match of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(match[0].replace(/&amp;/g, '&'))
    if (url.pathname.startsWith(pathPrefix)) return url
  }
  throw new Error(`No link under ${pathPrefix} in the mail:\n${text}`)
}

/** Path and query of a link, as the test client requests it. */
export function pathOf(url: URL) {
  return `${url.pathname}${url.search}`
}

type MailCollection = { sent(filter?: (mail: BaseMail) => boolean): BaseMail[] }

/**
 * How many mails of one kind went to one address. The fake mailer collects the
 * whole process's mail, and an engine screens every wallet: a count of a kind
 * alone would also count other customers' mails.
 */
export function sentTo(
  mails: MailCollection,
  kind: abstract new (...args: never[]) => BaseMail,
  address: string
) {
  return mails.sent((sent) => {
    if (!(sent instanceof kind)) return false
    sent.build()
    return sent.message.hasTo(address)
  }).length
}

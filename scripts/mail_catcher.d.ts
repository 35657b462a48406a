/** Types for scripts/mail_catcher.js, so TypeScript tests can import it. */

export interface CaughtMessage {
  /** Absolute path of the stored .eml file. */
  file: string
  date: Date
  from: string | undefined
  /** Envelope recipients (RCPT TO), or the To header's addresses. */
  to: string[]
  subject: string
  text: string | null
  html: string | null
  /** Distinct http(s) links of the text body (or of the HTML body when there is no text). */
  links: string[]
  raw: string
}

export interface MailCatcherOptions {
  /** 0 picks a free port. Default 2525. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Where .eml files go. Default <project>/tmp/mail. */
  dir?: string
  onMessage?: (message: CaughtMessage) => void | Promise<void>
  /** Print one line per message. Default: only when no onMessage is given. */
  log?: boolean | ((line: string) => void)
}

export interface MailCatcher {
  port: number
  host: string
  dir: string
  close(): Promise<void>
}

export function startMailCatcher(options?: MailCatcherOptions): Promise<MailCatcher>

export function formatMessageLine(message: CaughtMessage): string

export function parseMessage(raw: Buffer | string): {
  headers: Record<string, string[]>
  header(name: string): string | undefined
  text: string | null
  html: string | null
}

export function findLinks(text: string): string[]

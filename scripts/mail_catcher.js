/*
| Development SMTP catcher.
|
| Accepts every message sent to 127.0.0.1:<port> (no TLS, no auth required),
| writes it to <dir>/<time>-<n>.eml and reports it: one line with the time,
| the recipients, the subject and the http(s) links of the text body, so the
| verification or password-reset link is one click away.
|
|   node scripts/mail_catcher.js [--port 2525] [--dir tmp/mail]
|
| Importable, for `npm run demo` and for tests:
|
|   const catcher = await startMailCatcher({ port: 0, dir, onMessage })
|   ...
|   await catcher.close()
*/
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SMTPServer } from 'smtp-server'
import { loadEnv } from './env_file.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024

/**
 * Starts the catcher. `port: 0` picks a free port (read it from the result).
 * `onMessage(message)` receives { file, date, from, to, subject, text, html,
 * links, raw }. Without `onMessage`, each message is printed on stdout; pass
 * `log: true` to print as well, or `log: false` to stay silent.
 */
export function startMailCatcher(options = {}) {
  const host = options.host ?? '127.0.0.1'
  const dir = resolve(options.dir ?? join(ROOT, 'tmp', 'mail'))
  const onMessage = options.onMessage
  const log = options.log ?? !onMessage
  let sequence = 0

  mkdirSync(dir, { recursive: true })

  const server = new SMTPServer({
    banner: 'Broker development mail catcher',
    logger: false,
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    size: MAX_MESSAGE_BYTES,
    closeTimeout: 1000,
    // Any credentials are accepted: the catcher only stands in for a real server.
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username || 'anonymous' })
    },
    onData(stream, session, callback) {
      const chunks = []
      stream.on('data', (chunk) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', async () => {
        if (stream.sizeExceeded) {
          const error = new Error('Message exceeds the catcher size limit')
          error.responseCode = 552
          return callback(error)
        }
        try {
          const raw = Buffer.concat(chunks)
          const date = new Date()
          sequence += 1
          const stamp = date.toISOString().replace(/[:.]/g, '-')
          const file = join(dir, `${stamp}-${process.pid}-${sequence}.eml`)
          writeFileSync(file, raw)

          const parsed = parseMessage(raw)
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address)
          const message = {
            file,
            date,
            from: session.envelope.mailFrom
              ? session.envelope.mailFrom.address
              : parsed.header('from'),
            to: envelopeTo.length ? envelopeTo : splitAddresses(parsed.header('to')),
            subject: parsed.header('subject') ?? '',
            text: parsed.text,
            html: parsed.html,
            links: findLinks(parsed.text ?? htmlToText(parsed.html ?? '')),
            raw: raw.toString('utf8'),
          }
          if (log) printMessage(message, typeof log === 'function' ? log : console.log)
          if (onMessage) await onMessage(message)
          callback(null, 'Caught')
        } catch (error) {
          callback(error)
        }
      })
    },
  })

  return new Promise((resolvePromise, reject) => {
    const onStartupError = (error) => reject(error)
    server.once('error', onStartupError)
    server.listen(options.port ?? 2525, host, () => {
      server.off('error', onStartupError)
      // A broken client connection must not bring the developer's process down.
      server.on('error', (error) => {
        if (log) console.error(`[mail] ${error.message}`)
      })
      const address = server.server.address()
      let closed
      resolvePromise({
        port: typeof address === 'object' && address ? address.port : options.port,
        host,
        dir,
        close() {
          closed ??= new Promise((done) => server.close(() => done()))
          return closed
        },
      })
    })
  })
}

/** "12:01:02  to a@b.test  "Subject"  http://…" */
export function formatMessageLine(message) {
  const time = message.date.toTimeString().slice(0, 8)
  const to = message.to.length ? message.to.join(', ') : '(no recipient)'
  const links = message.links.length ? `  ${message.links.join('  ')}` : ''
  return `[mail ${time}] to ${to}  "${message.subject}"${links}`
}

function printMessage(message, write) {
  write(formatMessageLine(message))
}

/* ---------------------------------------------------------------------------
 | Minimal MIME reading: headers (unfolded, RFC 2047 words decoded), multipart
 | bodies, quoted-printable and base64. Enough for the app's own mail.
 * ------------------------------------------------------------------------- */

/** Parses a raw message into { header(name), headers, text, html }. */
export function parseMessage(raw) {
  const source = Buffer.isBuffer(raw)
    ? raw.toString('latin1')
    : Buffer.from(raw, 'utf8').toString('latin1')
  const result = { text: null, html: null }
  const top = parseEntity(source)
  collectBodies(top, result)
  return {
    headers: top.headers,
    header: (name) => {
      const values = top.headers[name.toLowerCase()]
      return values ? decodeWords(values[0]) : undefined
    },
    text: result.text,
    html: result.html,
  }
}

function parseEntity(source) {
  const match = /\r?\n\r?\n/.exec(source)
  const head = match ? source.slice(0, match.index) : source
  const body = match ? source.slice(match.index + match[0].length) : ''
  const headers = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    ;(headers[name] ??= []).push(line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function headerParams(value) {
  const [type, ...rest] = (value ?? '').split(';')
  const params = {}
  for (const part of rest) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    params[part.slice(0, eq).trim().toLowerCase()] = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
  }
  return { value: type.trim().toLowerCase(), params }
}

function collectBodies(entity, result) {
  const contentType = headerParams(entity.headers['content-type']?.[0] ?? 'text/plain')
  const disposition = headerParams(entity.headers['content-disposition']?.[0]).value
  if (contentType.value.startsWith('multipart/') && contentType.params.boundary) {
    for (const part of splitMultipart(entity.body, contentType.params.boundary)) {
      collectBodies(parseEntity(part), result)
    }
    return
  }
  if (disposition === 'attachment') return
  if (contentType.value !== 'text/plain' && contentType.value !== 'text/html') return
  const key = contentType.value === 'text/plain' ? 'text' : 'html'
  if (result[key] !== null) return
  const encoding = (entity.headers['content-transfer-encoding']?.[0] ?? '7bit').toLowerCase()
  result[key] = decodeCharset(decodeTransfer(entity.body, encoding), contentType.params.charset)
}

function splitMultipart(body, boundary) {
  const parts = []
  const delimiter = `--${boundary}`
  const lines = body.split(/\r?\n/)
  let current = null
  for (const line of lines) {
    if (line.startsWith(delimiter)) {
      if (current) parts.push(current.join('\r\n'))
      if (line.startsWith(`${delimiter}--`)) return parts
      current = []
    } else if (current) {
      current.push(line)
    }
  }
  if (current) parts.push(current.join('\r\n'))
  return parts
}

/** Returns the body's bytes (as a Buffer) for a transfer encoding. */
function decodeTransfer(body, encoding) {
  if (encoding === 'base64') return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\r?\n/g, ''))
  return Buffer.from(body, 'latin1')
}

function decodeQuotedPrintable(text) {
  const bytes = []
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3)
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(text.charCodeAt(i) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

function decodeCharset(bytes, charset = 'utf-8') {
  try {
    return new TextDecoder(charset).decode(bytes)
  } catch {
    return bytes.toString('utf8')
  }
}

/** Decodes RFC 2047 encoded words ("=?UTF-8?Q?Caf=C3=A9?="); the header bytes are UTF-8. */
function decodeWords(value) {
  const text = Buffer.from(value, 'latin1').toString('utf8')
  return text
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset, kind, data) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : decodeQuotedPrintable(data.replace(/_/g, ' '))
      return decodeCharset(bytes, charset)
    })
}

function splitAddresses(value) {
  if (!value) return []
  return value
    .split(',')
    .map((part) => (/<([^>]+)>/.exec(part)?.[1] ?? part).trim())
    .filter(Boolean)
}

/** The HTML's text with each link target written after its tag. */
function htmlToText(html) {
  return html
    .replace(/<a\b[^>]*?\bhref\s*=\s*["']([^"']*)["'][^>]*>/gi, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
}

/** The distinct http(s) links of a text, trailing punctuation trimmed. */
export function findLinks(text) {
  const links = new Set()
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'()[\]]+/g)) {
    links.add(match[0].replace(/[.,;:!?]+$/, ''))
  }
  return [...links]
}

/* ---------------------------------------------------------------------------
 | Standalone: node scripts/mail_catcher.js [--port N] [--dir D]
 * ------------------------------------------------------------------------- */

function argument(name) {
  const index = process.argv.indexOf(`--${name}`)
  if (index >= 0) return process.argv[index + 1]
  const inline = process.argv.find((arg) => arg.startsWith(`--${name}=`))
  return inline ? inline.slice(name.length + 3) : undefined
}

const runAsScript = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)

if (runAsScript) {
  const env = loadEnv(join(ROOT, '.env'))
  const port = Number(argument('port') ?? env('SMTP_PORT', '2525'))
  const dir = resolve(argument('dir') ?? join(ROOT, 'tmp', 'mail'))
  try {
    const catcher = await startMailCatcher({ port, dir, log: true })
    console.log(
      `Mail catcher listening on smtp://127.0.0.1:${catcher.port}; messages saved in ${relative(process.cwd(), dir) || '.'}/ (Ctrl-C to stop)`
    )
    const stop = async () => {
      await catcher.close()
      process.exit(0)
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  } catch (error) {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Mail catcher: port ${port} is already in use (is another catcher or "npm run demo" running?)`
        : `Mail catcher: ${error.message}`
    )
    process.exit(1)
  }
}

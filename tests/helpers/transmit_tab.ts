import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { ApiClient } from '@japa/api-client'
import transmit from '@adonisjs/transmit/services/main'
import env from '#start/env'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function until(check: () => boolean, what: string, timeout = 3000) {
  const deadline = Date.now() + timeout
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

/**
 * A visitor's tab as the browser opens it: the Transmit event stream (GET /__transmit/events)
 * read as SSE, subscribed to a public `channel` through POST /__transmit/subscribe (CSRF token).
 */
export async function openPublicTab(client: ApiClient, channel: string) {
  const uid = randomUUID()
  const messages: { channel: string; payload: any }[] = []
  const request = http.get({
    host: env.get('HOST'),
    port: env.get('PORT'),
    path: `/__transmit/events?uid=${uid}`,
    agent: false,
  })
  await new Promise<void>((resolve, reject) => {
    request.once('error', reject)
    request.once('response', (res) => {
      res.setEncoding('utf8')
      let buffer = ''
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n')
          buffer = buffer.slice(end + 2)
          if (data) messages.push(JSON.parse(data))
        }
      })
      res.on('error', () => {})
      resolve()
    })
  })
  const subscribers = () => transmit.getManager().findByChannel(channel).size
  const before = subscribers()
  const subscribed = await client
    .post('/__transmit/subscribe')
    .header('Accept', 'application/json')
    .json({ uid, channel })
    .withCsrfToken()
  subscribed.assertStatus(204)
  await until(() => subscribers() === before + 1, 'the subscription')
  return {
    /** The payloads received on `channel`, in order. */
    payloads: () => messages.filter((m) => m.channel === channel).map((m) => m.payload),
    close: () => request.destroy(),
  }
}

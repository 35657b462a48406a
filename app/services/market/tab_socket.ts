import type { ServerResponse } from 'node:http'

/*
| A tab's price frames written straight to its socket (issue 25 item 3). Through
| Transmit each message passes the tab's object-mode Transform, its pipe and the
| response's chunked encoding: at 5,000 tabs that was most of the fan-out's
| time. The bytes on the wire are the same: each message is one HTTP chunk,
| framed once per frame and shared by every tab that gets it.
*/

const CRLF = Buffer.from('\r\n')
const chunks = new WeakMap<Buffer, Buffer>()

/** `bytes` as one HTTP/1.1 chunk (size in hex, CRLF, the bytes, CRLF); built once per Buffer. */
export function chunkOf(bytes: Buffer): Buffer {
  let chunk = chunks.get(bytes)
  if (!chunk) {
    chunk = Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, CRLF])
    chunks.set(bytes, chunk)
  }
  return chunk
}

/**
 * Whether the response can take chunks on its socket: its headers are out, it
 * is chunked (HTTP/1.1) and not ended, and nothing of its own waits outside
 * the socket's queue — so a chunk written to the socket lands after
 * everything written before it.
 */
export function takesChunks(response: ServerResponse): boolean {
  const socket = response.socket
  if (!socket || socket.destroyed || !socket.writable) return false
  return (
    response.headersSent &&
    (response as ServerResponse & { chunkedEncoding?: boolean }).chunkedEncoding === true &&
    !response.writableEnded &&
    response.writableLength === socket.writableLength
  )
}

/**
 * Whether the tab's socket holds more than it wants (a write returned false
 * and it has not drained): the client is not reading. Data merely corked for
 * the rest of this turn of the event loop does not count.
 */
export function socketBacklogged(response: ServerResponse): boolean {
  return response.socket?.writableNeedDrain === true
}

/** Writes the messages as chunks in one socket write. */
export function writeChunks(response: ServerResponse, messages: readonly Buffer[]) {
  const socket = response.socket!
  socket.cork()
  for (const bytes of messages) socket.write(chunkOf(bytes))
  socket.uncork()
}

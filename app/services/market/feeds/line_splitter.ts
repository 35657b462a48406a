/**
 * Splits a byte stream into lines. A chunk may end in the middle of a line (or
 * of a multi-byte character), so the tail waits for the next chunk.
 */
export class LineSplitter {
  #decoder = new TextDecoder()
  #pending = ''

  push(chunk: Uint8Array): string[] {
    this.#pending += this.#decoder.decode(chunk, { stream: true })
    const lines = this.#pending.split('\n')
    this.#pending = lines.pop()!
    return lines.map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '')
  }

  /** Bytes held for an unfinished line (a stream should not grow it without bound). */
  get pendingLength() {
    return this.#pending.length
  }
}

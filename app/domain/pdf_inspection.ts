import { constants as zlibConstants, inflateSync } from 'node:zlib'

/**
 * Whether an uploaded PDF is plain enough to keep: no scripts, no automatic
 * actions, no embedded or attached files, no forms that submit, not
 * encrypted. We do not render or rewrite PDFs; we read the file the way a
 * viewer tokenizes it and refuse it when any of these names appear, in the
 * file itself or inside its object streams (where PDF 1.5+ hides
 * dictionaries, usually compressed). /URI links are fine.
 */
export const BLOCKED_PDF_NAMES: ReadonlySet<string> = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
  // Opens another (possibly remote) document, like /Launch and /GoToE.
  'GoToR',
])

/** Object streams inflated while scanning, all together, at most (a zip bomb is refused, not expanded). */
export const PDF_MAX_INFLATED_BYTES = 8 * 1024 * 1024

export type PdfProblem = 'not_pdf' | 'encrypted' | 'active_content' | 'uninspectable' | 'too_large'

export type PdfVerdict = { ok: true } | { ok: false; problem: PdfProblem; name?: string }

/** Why a PDF is refused, as the uploader reads it under the field. */
export const PDF_PROBLEM_MESSAGES: Record<PdfProblem, string> = {
  not_pdf: 'This file is not a valid PDF',
  encrypted:
    'This PDF is encrypted or password-protected and cannot be checked; upload an unprotected copy',
  active_content:
    'This PDF contains scripts, automatic actions or embedded files, which are not accepted; ' +
    'upload a plain PDF or an image',
  uninspectable:
    'This PDF is encoded in a way that cannot be checked; upload a plain PDF or an image',
  too_large: 'This PDF expands to too much data to be checked; upload a smaller PDF or an image',
}

class Refusal extends Error {
  constructor(
    readonly problem: PdfProblem,
    readonly blockedName?: string
  ) {
    super(problem)
  }
}

/** Inspects a whole PDF file (pure: bytes in, verdict out). */
export function inspectPdf(
  bytes: Uint8Array,
  maxInflatedBytes = PDF_MAX_INFLATED_BYTES
): PdfVerdict {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (!/^%PDF-\d\.\d/.test(data.subarray(0, 16).toString('latin1')))
    return { ok: false, problem: 'not_pdf' }
  // A complete file ends with %%EOF (trailing whitespace allowed): a truncated upload is refused.
  const tail = data.subarray(-1024).toString('latin1')
  if (!/%%EOF[\0\t\n\f\r ]*$/.test(tail)) return { ok: false, problem: 'not_pdf' }
  try {
    const budget = { left: maxInflatedBytes }
    scan(data, (stream) => scanObjectStream(stream, budget))
    return { ok: true }
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    return error.blockedName
      ? { ok: false, problem: error.problem, name: error.blockedName }
      : { ok: false, problem: error.problem }
  }
}

/** A name as a viewer reads it: `#xx` is the byte xx, so `/J#61vaScript` is /JavaScript. */
export function decodePdfName(raw: string): string {
  let out = ''
  let copied = 0
  for (let at = raw.indexOf('#'); at >= 0; at = raw.indexOf('#', at + 1)) {
    const high = hexValue(raw.charCodeAt(at + 1))
    const low = hexValue(raw.charCodeAt(at + 2))
    if (high < 0 || low < 0) continue
    out += raw.slice(copied, at) + String.fromCharCode(high * 16 + low)
    copied = at + 3
    at += 2
  }
  return out + raw.slice(copied)
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30
  if (code >= 0x41 && code <= 0x46) return code - 0x37
  if (code >= 0x61 && code <= 0x66) return code - 0x57
  return -1
}

type Value =
  | { t: 'name'; v: string }
  | { t: 'num'; v: number }
  | { t: 'dict'; v: Map<string, Value> }
  | { t: 'array'; v: Value[] }
  | { t: 'ref' }
  | { t: 'other' }

type Token =
  | { t: 'name'; v: string }
  | { t: 'word'; v: string }
  | { t: 'string' }
  | { t: '<<' | '>>' | '[' | ']' }

interface StreamFound {
  dict: Map<string, Value>
  body: Buffer
}

/** Dictionaries nested deeper than this are refused (no real file comes close). */
const MAX_NESTING = 64
/** A stream dictionary longer than this many tokens cannot be read, and its stream is refused. */
const MAX_DICT_TOKENS = 4096
const OVERSIZED: Token[] = []

/** Byte classes (PDF 32000-1 §7.2.2): 0 regular, 1 white-space, 2 delimiter; a table is fast per byte. */
const CLASS = new Uint8Array(256)
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[byte] = 1
for (const char of '()<>[]{}/%') CLASS[char.charCodeAt(0)] = 2
const isRegular = (byte: number) => CLASS[byte] === 0

/**
 * Tokenizes `data` (a file, or the decoded content of an object stream),
 * refusing blocked names, and hands every stream (its dictionary and raw body)
 * to `onStream`. Stream bodies are skipped up to the FIRST `endstream`, so a
 * viewer never parses as objects bytes we did not read as objects. A
 * construct left open at the end (string, dictionary) is refused: that is
 * where a viewer's recovery and ours could disagree.
 */
function scan(data: Buffer, onStream: ((stream: StreamFound) => void) | null) {
  // The tokens of the current top-level dictionary (kept only up to MAX_DICT_TOKENS: enough for any
  // stream dictionary), its nesting depth, and the last one closed: a stream's dictionary.
  let current: Token[] | null = null
  let depth = 0
  let lastDict: Token[] | null = null
  let i = 0
  const n = data.length
  // One string for slicing names and words (cheap views), the buffer for byte tests.
  const text = data.toString('latin1')

  const push = (token: Token) => {
    if (token.t === 'name') {
      if (token.v === 'Encrypt') throw new Refusal('encrypted')
      if (BLOCKED_PDF_NAMES.has(token.v)) throw new Refusal('active_content', token.v)
    }
    if (token.t === '<<') {
      if (++depth > MAX_NESTING) throw new Refusal('not_pdf')
      if (depth === 1) current = []
    } else if (depth === 0) {
      if (token.t === 'word') lastDict = null
      return
    }
    if (current && current.length < MAX_DICT_TOKENS) current.push(token)
    else current = null // too long to be a stream dictionary we can read: see readStream
    if (token.t === '>>' && --depth === 0) {
      lastDict = current ?? OVERSIZED
      current = null
    }
  }

  while (i < n) {
    const byte = data[i]
    if (CLASS[byte] === 1) {
      i++
    } else if (byte === 0x25 /* % */) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++
    } else if (byte === 0x28 /* ( */) {
      i = skipString(data, i)
      push({ t: 'string' })
    } else if (byte === 0x3c /* < */) {
      if (data[i + 1] === 0x3c) {
        push({ t: '<<' })
        i += 2
      } else {
        const end = data.indexOf(0x3e, i)
        if (end < 0) throw new Refusal('not_pdf')
        push({ t: 'string' })
        i = end + 1
      }
    } else if (byte === 0x3e /* > */) {
      // A lone '>' is malformed; readers skip it, so do we.
      if (data[i + 1] === 0x3e) {
        if (depth > 0) push({ t: '>>' })
        i += 2
      } else i++
    } else if (byte === 0x5b || byte === 0x5d) {
      push({ t: byte === 0x5b ? '[' : ']' })
      i++
    } else if (byte === 0x2f /* / */) {
      let end = i + 1
      while (end < n && isRegular(data[end])) end++
      const raw = text.slice(i + 1, end)
      push({ t: 'name', v: raw.includes('#') ? decodePdfName(raw) : raw })
      i = end
    } else if (byte === 0x7b || byte === 0x7d || byte === 0x29) {
      i++
    } else {
      let end = i
      while (end < n && isRegular(data[end])) end++
      const start = i
      i = end
      if (depth === 0 && end - start === 6 && text.startsWith('stream', start)) {
        if (!onStream) throw new Refusal('uninspectable') // object streams hold no streams
        i = readStream(data, i, lastDict, onStream)
        lastDict = null
      } else {
        // Only a dictionary's words are read (numbers, `R`); elsewhere a word just ends the last dictionary.
        push({ t: 'word', v: current ? text.slice(start, end) : '' })
      }
    }
  }
  if (depth > 0) throw new Refusal('not_pdf')
}

/** The index after a literal string starting at `start` (nested parentheses, backslash escapes). */
function skipString(data: Buffer, start: number): number {
  let depth = 0
  for (let i = start; i < data.length; i++) {
    const byte = data[i]
    if (byte === 0x5c /* \ */) i++
    else if (byte === 0x28) depth++
    else if (byte === 0x29 && --depth === 0) return i + 1
  }
  throw new Refusal('not_pdf')
}

/** Hands the stream that starts after the `stream` keyword at `at` to `onStream`; answers where it ends. */
function readStream(
  data: Buffer,
  at: number,
  dictTokens: Token[] | null,
  onStream: (stream: StreamFound) => void
): number {
  let start = at
  if (data[start] === 0x0d) start++
  if (data[start] === 0x0a) start++
  const end = data.indexOf('endstream', start, 'latin1')
  if (end < 0) throw new Refusal('not_pdf')
  let bodyEnd = end
  if (data[bodyEnd - 1] === 0x0a) bodyEnd--
  if (data[bodyEnd - 1] === 0x0d) bodyEnd--
  // A dictionary too long to keep may hide /First: refuse rather than guess.
  if (dictTokens === OVERSIZED) throw new Refusal('uninspectable')
  const dict = dictTokens ? parseDict(dictTokens) : new Map<string, Value>()
  onStream({ dict, body: data.subarray(start, Math.max(start, bodyEnd)) })
  return end + 'endstream'.length
}

/**
 * An object stream holds dictionaries, so its decoded content is scanned like
 * the file. Other streams (page content, images, fonts) cannot define objects
 * and are left alone: decoding them would only turn random pixel bytes into
 * false alarms. A viewer needs /First to read an object stream, so /First
 * marks one even when /Type is missing or indirect.
 */
function scanObjectStream(stream: StreamFound, budget: { left: number }) {
  const type = stream.dict.get('Type')
  const isObjectStream = (type?.t === 'name' && type.v === 'ObjStm') || stream.dict.has('First')
  if (!isObjectStream) return
  scan(decode(stream, budget), null)
}

/** The decoded bytes of a stream: no filter or FlateDecode (repeated) only, inflated within the budget. */
function decode(stream: StreamFound, budget: { left: number }): Buffer {
  const filter = stream.dict.get('Filter')
  const filters = !filter ? [] : filter.t === 'array' ? filter.v : [filter]
  const parms = stream.dict.get('DecodeParms')
  const parmList = !parms ? [] : parms.t === 'array' ? parms.v : [parms]
  // A PNG/TIFF predictor rearranges the inflated bytes: names would hide in it.
  for (const parm of parmList) {
    const predictor = parm.t === 'dict' ? parm.v.get('Predictor') : undefined
    if (parm.t === 'ref') throw new Refusal('uninspectable')
    if (predictor && !(predictor.t === 'num' && predictor.v <= 1))
      throw new Refusal('uninspectable')
  }
  let bytes = stream.body
  for (const one of filters) {
    if (one.t !== 'name' || (one.v !== 'FlateDecode' && one.v !== 'Fl'))
      throw new Refusal('uninspectable')
    bytes = inflateWithin(bytes, budget)
  }
  return bytes
}

function inflateWithin(bytes: Buffer, budget: { left: number }): Buffer {
  if (budget.left <= 0) throw new Refusal('too_large')
  try {
    // Sync flush: a stream cut short still yields what it holds, as viewers read it.
    const out = inflateSync(bytes, {
      maxOutputLength: budget.left,
      finishFlush: zlibConstants.Z_SYNC_FLUSH,
    })
    budget.left -= out.length
    return out
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
      throw new Refusal('too_large')
    throw new Refusal('uninspectable')
  }
}

/** A dictionary's tokens (from `<<` to `>>`) as key → value; only what the stream checks need. */
function parseDict(tokens: Token[]): Map<string, Value> {
  let at = 0
  const value = (): Value => {
    const token = tokens[at++]
    if (!token) return { t: 'other' }
    if (token.t === 'name') return { t: 'name', v: token.v }
    if (token.t === '<<') {
      const map = new Map<string, Value>()
      while (at < tokens.length && tokens[at].t !== '>>') {
        const key = tokens[at++]
        if (key.t !== 'name') continue
        map.set(key.v, value())
      }
      at++
      return { t: 'dict', v: map }
    }
    if (token.t === '[') {
      const items: Value[] = []
      while (at < tokens.length && tokens[at].t !== ']') items.push(value())
      at++
      return { t: 'array', v: items }
    }
    if (token.t === 'word') {
      // `7 0 R`: an indirect reference, whose target we do not follow.
      const next = tokens[at]
      const after = tokens[at + 1]
      if (next?.t === 'word' && after?.t === 'word' && after.v === 'R') {
        at += 2
        return { t: 'ref' }
      }
      const number = Number(token.v)
      return Number.isFinite(number) ? { t: 'num', v: number } : { t: 'other' }
    }
    return { t: 'other' }
  }
  const parsed = value()
  return parsed.t === 'dict' ? parsed.v : new Map()
}

/**
 * ICO files (the site's favicon), read and rebuilt without trusting anything
 * but the numbers that describe pixels. An ICO is a small directory of images,
 * each either a PNG or a bare Windows bitmap (a DIB: a 40-byte header, an
 * optional palette, the colour rows and a 1-bit transparency mask). Whatever
 * else a file carries — bytes between or after the images, a second file
 * hidden behind a directory entry's stated size — is dropped: `rebuildIco`
 * writes a fresh directory and copies only the bytes each image needs. PNG
 * entries are handed back for the caller to re-encode (app/services/upload_sanitizer.ts).
 */

export const ICO_MAX_IMAGES = 16
/** The largest side an icon entry may have (the format's own limit). */
export const ICO_MAX_SIDE = 256

const HEADER = 6
const ENTRY = 16
const DIB_HEADER = 40
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

export type IcoImage =
  | { kind: 'png'; data: Uint8Array }
  | { kind: 'bmp'; data: Uint8Array; width: number; height: number; bitCount: number }

/** Whether the leading bytes announce an icon file (type 1, one to sixteen images). */
export function looksLikeIco(bytes: Uint8Array): boolean {
  if (bytes.length < HEADER) return false
  const count = bytes[4] | (bytes[5] << 8)
  return (
    bytes[0] === 0 &&
    bytes[1] === 0 &&
    bytes[2] === 1 &&
    bytes[3] === 0 &&
    count >= 1 &&
    count <= ICO_MAX_IMAGES
  )
}

/** The images of an icon file, each cut to the bytes it needs; null when anything is out of shape. */
export function readIco(bytes: Uint8Array): IcoImage[] | null {
  if (!looksLikeIco(bytes)) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const count = view.getUint16(4, true)
  if (bytes.length < HEADER + count * ENTRY) return null
  const images: IcoImage[] = []
  for (let i = 0; i < count; i++) {
    const at = HEADER + i * ENTRY
    const size = view.getUint32(at + 8, true)
    const offset = view.getUint32(at + 12, true)
    if (offset < HEADER + count * ENTRY || size === 0 || offset + size > bytes.length) return null
    const data = bytes.subarray(offset, offset + size)
    const image = PNG_SIGNATURE.every((b, k) => data[k] === b)
      ? ({ kind: 'png', data } as const)
      : readDib(data)
    if (!image) return null
    images.push(image)
  }
  return images
}

/** A bare bitmap: BITMAPINFOHEADER, uncompressed, 1/4/8/24/32 bits, at most 256 × 256. */
function readDib(data: Uint8Array): IcoImage | null {
  if (data.length < DIB_HEADER) return null
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const headerSize = view.getUint32(0, true)
  const width = view.getInt32(4, true)
  // The stored height counts the colour rows and the mask rows.
  const doubled = view.getInt32(8, true)
  const planes = view.getUint16(12, true)
  const bitCount = view.getUint16(14, true)
  const compression = view.getUint32(16, true)
  const colorsUsed = view.getUint32(32, true)
  if (headerSize !== DIB_HEADER || planes !== 1 || compression !== 0) return null
  if (![1, 4, 8, 24, 32].includes(bitCount)) return null
  if (width < 1 || width > ICO_MAX_SIDE || doubled < 2 || doubled % 2 !== 0) return null
  const height = doubled / 2
  if (height > ICO_MAX_SIDE) return null
  const paletteMax = bitCount <= 8 ? 2 ** bitCount : 0
  if (colorsUsed > paletteMax) return null
  const palette = (bitCount <= 8 ? colorsUsed || paletteMax : 0) * 4
  const colourRow = Math.ceil((width * bitCount) / 32) * 4
  const maskRow = Math.ceil(width / 32) * 4
  const needed = DIB_HEADER + palette + (colourRow + maskRow) * height
  if (data.length < needed) return null
  return { kind: 'bmp', data: data.subarray(0, needed), width, height, bitCount }
}

/** An icon entry ready to write: its bytes and what the directory says of it. */
export interface IcoEntry {
  data: Uint8Array
  width: number
  height: number
  bitCount: number
}

/** A fresh icon file: header, one directory entry per image, the images back to back. */
export function writeIco(entries: readonly IcoEntry[]): Uint8Array {
  const size = HEADER + entries.length * ENTRY + entries.reduce((n, e) => n + e.data.length, 0)
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  view.setUint16(2, 1, true)
  view.setUint16(4, entries.length, true)
  let offset = HEADER + entries.length * ENTRY
  entries.forEach((entry, i) => {
    const at = HEADER + i * ENTRY
    // 256 is written as 0, as the format says.
    out[at] = entry.width >= ICO_MAX_SIDE ? 0 : entry.width
    out[at + 1] = entry.height >= ICO_MAX_SIDE ? 0 : entry.height
    view.setUint16(at + 4, 1, true)
    view.setUint16(at + 6, entry.bitCount, true)
    view.setUint32(at + 8, entry.data.length, true)
    view.setUint32(at + 12, offset, true)
    out.set(entry.data, offset)
    offset += entry.data.length
  })
  return out
}

/**
 * Which part of a `%text%` search a trigram index should look up.
 *
 * A trigram GIN index answers `LIKE '%surname4242%'` by reading the posting
 * list of every trigram of the text. Trigrams that nearly every row holds
 * (`sur`, `urn`, … when every last name starts with "Surname"; `com`, `mar`
 * in real data) cost a read of the whole column each and narrow nothing, so
 * the index is better given only the rare part (`e4242`) and the whole text
 * checked on the rows it returns (docs/BENCHMARKS.md, issue 25 item 5).
 */

/** The share of rows (0–1) whose value holds each trigram, lower-cased; an absent trigram is rare. */
export type TrigramShares = ReadonlyMap<string, number>

/**
 * A trigram held by at least this share of rows is left to the row check
 * when the text has rarer ones: its posting list costs about a 3,000th of
 * the table's rows in pages per unit of share (700 pages at 2,000,000
 * leads for one in every row) and cuts the rows the rarer trigrams find by
 * five times at most. Below it, a trigram narrows more than it costs: a
 * phone search's `150`, in a tenth of the rows, still cuts the rows of its
 * `500` and `004` tenfold (measured: docs/BENCHMARKS.md).
 */
export const FREQUENT_TRIGRAM_SHARE = 0.2

/** Runs of ASCII letters and digits: a piece never spans what pg_trgm splits words on. */
const RUN = /[A-Za-z0-9]+/g

/**
 * The longest substring of `text` whose trigrams are all rare (ties: the one
 * whose trigrams are rarer in sum), or null when the whole text is as good:
 * no rare trigram at all, or nothing frequent to leave out.
 */
export function selectivePiece(
  text: string,
  shares: TrigramShares,
  frequentShare = FREQUENT_TRIGRAM_SHARE
): string | null {
  let best: { piece: string; trigrams: number; weight: number } | null = null
  let leftOut = false
  for (const run of text.match(RUN) ?? []) {
    let start = -1
    let weight = 0
    for (let i = 0; i <= run.length - 3 + 1; i++) {
      const end = i > run.length - 3
      const share = end ? Infinity : (shares.get(run.slice(i, i + 3).toLowerCase()) ?? 0)
      if (share < frequentShare) {
        if (start < 0) start = i
        weight += share
        continue
      }
      if (!end) leftOut = true
      if (start >= 0) {
        const trigrams = i - start
        if (
          !best ||
          trigrams > best.trigrams ||
          (trigrams === best.trigrams && weight < best.weight)
        ) {
          best = { piece: run.slice(start, i + 2), trigrams, weight }
        }
      }
      start = -1
      weight = 0
    }
  }
  if (!best || !leftOut) return null
  return best.piece
}

/**
 * Every trigram of a one-word text held by at least this share of rows: a
 * common name (Emma, in a tenth of the leads), whose matches are dense.
 */
export const COMMON_TRIGRAM_SHARE = 0.05

/**
 * Whether `text` is one word every trigram of which is common. A trigram
 * index answers such a word by first gathering every match in the table
 * (223,000 leads for "emma": 45–80 ms) before any other condition narrows
 * them, so where another condition already narrows the rows (a date range,
 * one agent's leads) reading those and checking each is faster.
 */
export function isCommonWord(
  text: string,
  shares: TrigramShares,
  commonShare = COMMON_TRIGRAM_SHARE
): boolean {
  if (!/^[A-Za-z0-9]{3,}$/.test(text)) return false
  for (let i = 0; i <= text.length - 3; i++) {
    if ((shares.get(text.slice(i, i + 3).toLowerCase()) ?? 0) < commonShare) return false
  }
  return true
}

/**
 * The pending orders' trigger books (issue 23 items 1 and 5): per instrument,
 * four books ordered so that a quote checks only the top of each.
 *
 *   buy limit   fires when ask ≤ price: the highest price crosses first;
 *   buy stop    fires when ask ≥ price: the lowest first;
 *   sell limit  fires when bid ≥ price: the lowest first;
 *   sell stop   fires when bid ≤ price: the highest first.
 *
 * A quote that crosses nothing costs four comparisons; each crossed entry
 * costs O(log n) to take out. Prices are floats here, a screen: the fill
 * re-checks the stored trigger with exact decimals (isTriggered), and
 * rounding a decimal to the nearest float keeps its order, so the screen
 * never misses a crossing (it may, past 15 significant digits, see a tie
 * that is not one; the fill answers 'not_due' and the entry goes back).
 */
import { IndexedHeap, type HeapNode } from '#domain/indexed_heap'

export type TriggerSide = 'buy' | 'sell'
export type TriggerExecution = 'limit' | 'stop'

export interface Trigger {
  id: number
  type: TriggerSide
  execution: TriggerExecution
  price: number
}

/** True when `trigger` is crossed by this bid/ask (the same rules as isTriggered, in floats). */
export function crossed(trigger: Omit<Trigger, 'id'>, bid: number, ask: number): boolean {
  if (trigger.type === 'buy') {
    return trigger.execution === 'limit' ? ask <= trigger.price : ask >= trigger.price
  }
  return trigger.execution === 'limit' ? bid >= trigger.price : bid <= trigger.price
}

/** Which books read the highest price first. */
const HIGHEST_FIRST = (t: Omit<Trigger, 'id'>) => (t.type === 'buy') === (t.execution === 'limit')

type Book = IndexedHeap<Trigger>

/** One instrument's four books. */
export class TriggerBook {
  #buyLimit: Book = new IndexedHeap()
  #buyStop: Book = new IndexedHeap()
  #sellLimit: Book = new IndexedHeap()
  #sellStop: Book = new IndexedHeap()
  #nodes = new Map<number, { node: HeapNode<Trigger>; heap: Book }>()

  get size() {
    return this.#nodes.size
  }

  has(id: number) {
    return this.#nodes.has(id)
  }

  get(id: number): Trigger | undefined {
    return this.#nodes.get(id)?.node.value
  }

  /** Adds the trigger, or moves it (price, side) when its id is already in the book. */
  add(trigger: Trigger) {
    this.remove(trigger.id)
    const copy = { ...trigger }
    const heap = this.#heapOf(copy)
    // Keys ascend: the books read highest first hold the price negated.
    const node = heap.push(copy, HIGHEST_FIRST(copy) ? -copy.price : copy.price, copy.id)
    this.#nodes.set(copy.id, { node, heap })
  }

  /** The same as add: a modified trigger price moves the entry. */
  update(trigger: Trigger) {
    this.add(trigger)
  }

  /** Takes the entry out; false when it was not in the book. */
  remove(id: number): boolean {
    const held = this.#nodes.get(id)
    if (!held) return false
    held.heap.remove(held.node)
    this.#nodes.delete(id)
    return true
  }

  /** Every entry this quote crosses, taken out of the book, each book's in its firing order. */
  due(bid: number, ask: number): Trigger[] {
    const out: Trigger[] = []
    // Each top is the entry nearest to firing: when it is not crossed, nothing behind it is.
    let top
    while ((top = this.#buyLimit.peek()) && ask <= top.value.price) this.#fire(this.#buyLimit, out)
    while ((top = this.#buyStop.peek()) && ask >= top.value.price) this.#fire(this.#buyStop, out)
    while ((top = this.#sellLimit.peek()) && bid >= top.value.price)
      this.#fire(this.#sellLimit, out)
    while ((top = this.#sellStop.peek()) && bid <= top.value.price) this.#fire(this.#sellStop, out)
    return out
  }

  /** Every entry (diagnostics, reconciliation). */
  *entries(): IterableIterator<Trigger> {
    for (const held of this.#nodes.values()) yield held.node.value
  }

  #fire(heap: Book, out: Trigger[]) {
    const top = heap.pop()!
    this.#nodes.delete(top.value.id)
    out.push(top.value)
  }

  #heapOf(t: Trigger) {
    if (t.type === 'buy') return t.execution === 'limit' ? this.#buyLimit : this.#buyStop
    return t.execution === 'limit' ? this.#sellLimit : this.#sellStop
  }
}

export interface InstrumentTrigger extends Trigger {
  instrument: string
}

/** Every instrument's book, with an index by id (an entry's instrument is found without asking). */
export class TriggerBooks {
  #books = new Map<string, TriggerBook>()
  #instrumentOf = new Map<number, string>()

  get size() {
    return this.#instrumentOf.size
  }

  /** Instruments holding at least one entry. */
  get instruments() {
    return this.#books.size
  }

  has(id: number) {
    return this.#instrumentOf.has(id)
  }

  get(id: number): InstrumentTrigger | undefined {
    const instrument = this.#instrumentOf.get(id)
    if (instrument === undefined) return undefined
    const trigger = this.#books.get(instrument)!.get(id)!
    return { ...trigger, instrument }
  }

  /** Adds the entry, or moves it (to another price, side or instrument) when its id is known. */
  add(entry: InstrumentTrigger) {
    const known = this.#instrumentOf.get(entry.id)
    if (known !== undefined && known !== entry.instrument) this.remove(entry.id)
    let book = this.#books.get(entry.instrument)
    if (!book) this.#books.set(entry.instrument, (book = new TriggerBook()))
    book.add({ id: entry.id, type: entry.type, execution: entry.execution, price: entry.price })
    this.#instrumentOf.set(entry.id, entry.instrument)
  }

  update(entry: InstrumentTrigger) {
    this.add(entry)
  }

  remove(id: number): boolean {
    const instrument = this.#instrumentOf.get(id)
    if (instrument === undefined) return false
    this.#instrumentOf.delete(id)
    const book = this.#books.get(instrument)!
    book.remove(id)
    if (book.size === 0) this.#books.delete(instrument)
    return true
  }

  /** The entries of `instrument` this quote crosses, taken out of the book. */
  due(instrument: string, bid: number, ask: number): InstrumentTrigger[] {
    const book = this.#books.get(instrument)
    if (!book) return []
    const fired = book.due(bid, ask)
    if (fired.length === 0) return []
    for (const t of fired) this.#instrumentOf.delete(t.id)
    if (book.size === 0) this.#books.delete(instrument)
    return fired.map((t) => ({ ...t, instrument }))
  }

  instrumentNames() {
    return [...this.#books.keys()]
  }

  ids() {
    return this.#instrumentOf.keys()
  }

  clear() {
    this.#books.clear()
    this.#instrumentOf.clear()
  }
}

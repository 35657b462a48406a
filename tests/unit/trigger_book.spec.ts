import { test } from '@japa/runner'
import { TriggerBook, TriggerBooks, crossed, type Trigger } from '#domain/trigger_book'
import { IndexedHeap } from '#domain/indexed_heap'

const buyLimit = (id: number, price: number): Trigger => ({
  id,
  type: 'buy',
  execution: 'limit',
  price,
})
const buyStop = (id: number, price: number): Trigger => ({
  id,
  type: 'buy',
  execution: 'stop',
  price,
})
const sellLimit = (id: number, price: number): Trigger => ({
  id,
  type: 'sell',
  execution: 'limit',
  price,
})
const sellStop = (id: number, price: number): Trigger => ({
  id,
  type: 'sell',
  execution: 'stop',
  price,
})
const ids = (fired: Trigger[]) => fired.map((t) => t.id)

test.group('trigger book: the four rules (app/domain/trigger_book.ts)', () => {
  test('buy limit fires when the ask falls to its price or below, highest price first', ({
    assert,
  }) => {
    const book = new TriggerBook()
    book.add(buyLimit(1, 1.08))
    book.add(buyLimit(2, 1.085))
    book.add(buyLimit(3, 1.07))
    // The bid does not matter to a buy: a bid far below every price fires nothing.
    assert.deepEqual(book.due(1.0, 1.0851), [])
    assert.deepEqual(ids(book.due(1.0849, 1.085)), [2]) // ask = price: fires
    assert.deepEqual(ids(book.due(1.06, 1.0799)), [1])
    assert.deepEqual(ids(book.due(1.06, 1.06)), [3])
    assert.equal(book.size, 0)
  })

  test('buy stop fires when the ask rises to its price or above, lowest price first', ({
    assert,
  }) => {
    const book = new TriggerBook()
    book.add(buyStop(1, 1.1))
    book.add(buyStop(2, 1.09))
    book.add(buyStop(3, 1.12))
    assert.deepEqual(book.due(1.2, 1.0899), [])
    assert.deepEqual(ids(book.due(1.0898, 1.09)), [2])
    // A gap over two prices fires both, in order.
    assert.deepEqual(ids(book.due(1.2, 1.2)), [1, 3])
    assert.equal(book.size, 0)
  })

  test('sell limit fires when the bid rises to its price or above, lowest price first', ({
    assert,
  }) => {
    const book = new TriggerBook()
    book.add(sellLimit(1, 150.5))
    book.add(sellLimit(2, 150.25))
    book.add(sellLimit(3, 151))
    // The ask does not matter to a sell.
    assert.deepEqual(book.due(150.24, 160), [])
    assert.deepEqual(ids(book.due(150.25, 150.27)), [2])
    assert.deepEqual(ids(book.due(150.9, 150.92)), [1])
    assert.deepEqual(ids(book.due(151, 151.02)), [3])
  })

  test('sell stop fires when the bid falls to its price or below, highest price first', ({
    assert,
  }) => {
    const book = new TriggerBook()
    book.add(sellStop(1, 99))
    book.add(sellStop(2, 99.5))
    book.add(sellStop(3, 98))
    assert.deepEqual(book.due(99.51, 90), [])
    assert.deepEqual(ids(book.due(99.5, 99.6)), [2])
    assert.deepEqual(ids(book.due(97, 97.1)), [1, 3])
  })

  test('one quote fires across the four books; the rest stay', ({ assert }) => {
    const book = new TriggerBook()
    book.add(buyLimit(1, 1.1)) // ask 1.1002 > 1.1: waits
    book.add(buyLimit(2, 1.1002)) // fires
    book.add(buyStop(3, 1.1)) // fires
    book.add(buyStop(4, 1.2)) // waits
    book.add(sellLimit(5, 1.1)) // bid 1.1 ≥ 1.1: fires
    book.add(sellLimit(6, 1.2)) // waits
    book.add(sellStop(7, 1.1)) // fires
    book.add(sellStop(8, 1.0)) // waits
    assert.sameMembers(ids(book.due(1.1, 1.1002)), [2, 3, 5, 7])
    assert.sameMembers(
      [...book.entries()].map((t) => t.id),
      [1, 4, 6, 8]
    )
    assert.deepEqual(book.due(1.1, 1.1002), [])
  })

  test('equal prices fire together, oldest id first', ({ assert }) => {
    const book = new TriggerBook()
    book.add(buyStop(9, 1.5))
    book.add(buyStop(4, 1.5))
    book.add(buyStop(6, 1.5))
    assert.deepEqual(ids(book.due(1.4, 1.5)), [4, 6, 9])
  })

  test('a float equal to the decimal string of the same price is a tie', ({ assert }) => {
    // The engine parses both sides from decimal strings: 8 stored decimals, 5 quoted.
    const book = new TriggerBook()
    book.add(sellStop(1, Number('1.08450000')))
    assert.deepEqual(ids(book.due(Number('1.08450'), Number('1.08452'))), [1])
  })

  test('crossed() states the same rules', ({ assert }) => {
    assert.isTrue(crossed({ type: 'buy', execution: 'limit', price: 1 }, 0.5, 1))
    assert.isFalse(crossed({ type: 'buy', execution: 'limit', price: 1 }, 0.5, 1.0001))
    assert.isTrue(crossed({ type: 'buy', execution: 'stop', price: 1 }, 2, 1))
    assert.isFalse(crossed({ type: 'buy', execution: 'stop', price: 1 }, 2, 0.9999))
    assert.isTrue(crossed({ type: 'sell', execution: 'limit', price: 1 }, 1, 0))
    assert.isFalse(crossed({ type: 'sell', execution: 'limit', price: 1 }, 0.9999, 5))
    assert.isTrue(crossed({ type: 'sell', execution: 'stop', price: 1 }, 1, 5))
    assert.isFalse(crossed({ type: 'sell', execution: 'stop', price: 1 }, 1.0001, 0))
  })
})

test.group('trigger book: removal, updates, re-adding', () => {
  test('a removed entry never fires; removing twice or an unknown id is harmless', ({ assert }) => {
    const book = new TriggerBook()
    book.add(buyStop(1, 1.1))
    book.add(buyStop(2, 1.2))
    book.add(buyStop(3, 1.3))
    assert.isTrue(book.remove(2))
    assert.isFalse(book.remove(2))
    assert.isFalse(book.remove(99))
    assert.deepEqual(ids(book.due(2, 2)), [1, 3])
  })

  test('removing the top leaves the next in order', ({ assert }) => {
    const book = new TriggerBook()
    for (let i = 1; i <= 20; i++) book.add(sellStop(i, 100 + i))
    book.remove(20) // the top (highest)
    book.remove(10)
    assert.deepEqual(ids(book.due(117, 117)), [19, 18, 17])
    assert.equal(book.size, 15)
  })

  test('an update moves the entry (price and book); adding a known id replaces it', ({
    assert,
  }) => {
    const book = new TriggerBook()
    book.add(buyLimit(1, 1.0))
    book.update(buyLimit(1, 1.05))
    assert.equal(book.size, 1)
    assert.deepEqual(ids(book.due(1.04, 1.05)), [1])
    book.add(buyLimit(2, 1.0))
    book.add(sellStop(2, 1.0)) // the same id, another book
    assert.deepEqual(book.due(1.5, 0.5), [])
    assert.deepEqual(ids(book.due(1.0, 5)), [2])
  })

  test('an entry that fired can be added again and fires again', ({ assert }) => {
    const book = new TriggerBook()
    book.add(sellLimit(1, 2))
    const [fired] = book.due(2, 2.1)
    assert.equal(fired.id, 1)
    assert.deepEqual(book.due(2, 2.1), [])
    book.add(fired) // the fill said 'not_due': put back
    assert.deepEqual(ids(book.due(2, 2.1)), [1])
  })

  test('the heap keeps its order through random adds, removals and moves', ({ assert }) => {
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const book = new TriggerBook()
    const live = new Map<number, number>()
    for (let i = 1; i <= 2000; i++) {
      const price = Math.round(random() * 1000) / 100
      book.add(buyStop(i, price))
      live.set(i, price)
      if (random() < 0.3) {
        const victim = 1 + Math.floor(random() * i)
        book.remove(victim)
        live.delete(victim)
      }
      if (random() < 0.2) {
        const moved = 1 + Math.floor(random() * i)
        if (live.has(moved)) {
          const to = Math.round(random() * 1000) / 100
          book.update(buyStop(moved, to))
          live.set(moved, to)
        }
      }
    }
    for (const ask of [0.5, 2.5, 5, 7.77, 10]) {
      const fired = book.due(0, ask)
      const expected = [...live]
        .filter(([, p]) => p <= ask)
        .sort(([a, pa], [b, pb]) => pa - pb || a - b)
        .map(([id]) => id)
      assert.deepEqual(ids(fired), expected)
      for (const id of expected) live.delete(id)
    }
    assert.equal(book.size, 0)
  })
})

test.group('trigger books: every instrument', () => {
  test('a quote checks only its instrument; an id is found without its instrument', ({
    assert,
  }) => {
    const books = new TriggerBooks()
    books.add({ ...buyStop(1, 1.1), instrument: 'EUR_USD' })
    books.add({ ...buyStop(2, 1.1), instrument: 'GBP_USD' })
    assert.equal(books.size, 2)
    assert.equal(books.instruments, 2)
    assert.deepEqual(books.due('EUR_USD', 1.2, 1.2), [
      { id: 1, type: 'buy', execution: 'stop', price: 1.1, instrument: 'EUR_USD' },
    ])
    assert.isFalse(books.has(1))
    assert.equal(books.get(2)?.instrument, 'GBP_USD')
    assert.deepEqual(books.due('USD_JPY', 1.2, 1.2), [])
    // An emptied instrument leaves the map.
    assert.equal(books.instruments, 1)
    assert.isTrue(books.remove(2))
    assert.equal(books.instruments, 0)
  })

  test('an entry moved to another instrument leaves the first', ({ assert }) => {
    const books = new TriggerBooks()
    books.add({ ...sellStop(5, 100), instrument: 'AAPL' })
    books.update({ ...sellStop(5, 100), instrument: 'MSFT' })
    assert.deepEqual(books.due('AAPL', 1, 1), [])
    assert.deepEqual(ids(books.due('MSFT', 1, 1)), [5])
    assert.equal(books.size, 0)
  })
})

test.group('indexed heap (app/domain/indexed_heap.ts)', () => {
  test('pops by key then tie; a node removed twice or after popping is ignored', ({ assert }) => {
    const heap = new IndexedHeap<string>()
    const b = heap.push('b', 2, 1)
    heap.push('a2', 1, 2)
    heap.push('a1', 1, 1)
    const c = heap.push('c', 3, 0)
    heap.remove(b)
    heap.remove(b)
    assert.equal(b.slot, -1)
    assert.deepEqual(
      [heap.pop(), heap.pop()].map((n) => n?.value),
      ['a1', 'a2']
    )
    assert.equal(heap.pop(), c)
    heap.remove(c)
    assert.isUndefined(heap.pop())
    assert.equal(heap.size, 0)
  })
})

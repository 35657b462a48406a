/**
 * A binary min-heap on (key, tie) whose nodes know their index, so any node
 * leaves in O(log n) without a search (no lazy deletion, no garbage left in
 * the heap). Used by the pending orders' trigger books and expiry queue.
 */
export interface HeapNode<T> {
  value: T
  key: number
  /** Orders equal keys (an id: the oldest first). */
  tie: number
  /** Its index in the heap; -1 once out. */
  slot: number
}

export class IndexedHeap<T> {
  #nodes: HeapNode<T>[] = []

  get size() {
    return this.#nodes.length
  }

  peek(): HeapNode<T> | undefined {
    return this.#nodes[0]
  }

  push(value: T, key: number, tie = 0): HeapNode<T> {
    const node = { value, key, tie, slot: this.#nodes.length }
    this.#nodes.push(node)
    this.#up(node.slot)
    return node
  }

  pop(): HeapNode<T> | undefined {
    const top = this.#nodes[0]
    if (top) this.remove(top)
    return top
  }

  /** Takes `node` out; nothing when it is not in this heap any more. */
  remove(node: HeapNode<T>) {
    if (node.slot < 0 || this.#nodes[node.slot] !== node) return
    const last = this.#nodes.pop()!
    if (last !== node) {
      this.#nodes[node.slot] = last
      last.slot = node.slot
      this.#down(last.slot)
      this.#up(last.slot)
    }
    node.slot = -1
  }

  clear() {
    for (const node of this.#nodes) node.slot = -1
    this.#nodes = []
  }

  #less(a: HeapNode<T>, b: HeapNode<T>) {
    return a.key < b.key || (a.key === b.key && a.tie < b.tie)
  }

  #swap(i: number, j: number) {
    const nodes = this.#nodes
    const a = nodes[i]
    const b = nodes[j]
    nodes[i] = b
    nodes[j] = a
    b.slot = i
    a.slot = j
  }

  #up(i: number) {
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.#less(this.#nodes[i], this.#nodes[parent])) return
      this.#swap(i, parent)
      i = parent
    }
  }

  #down(i: number) {
    const n = this.#nodes.length
    for (;;) {
      const left = 2 * i + 1
      if (left >= n) return
      const right = left + 1
      let child = left
      if (right < n && this.#less(this.#nodes[right], this.#nodes[left])) child = right
      if (!this.#less(this.#nodes[child], this.#nodes[i])) return
      this.#swap(i, child)
      i = child
    }
  }
}

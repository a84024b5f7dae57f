/**
 * The map behind every per-user, per-key and per-request table of linekit/server
 * (server-helpers/README.md, "Bounded memory"): at most `capacity` entries and, when values are
 * sized, `maxBytes` of them, the oldest written forgotten first. A key longer than any id the
 * service gives is kept as its hash, so no request body is ever kept as a key. Every operation
 * is O(1) amortized.
 */
import { compactKey } from './hash'

/** The key a {@link BoundedMap} keeps for `key`: itself when short, else its hash. */
function keptKey<K extends string | number>(key: K): K | string {
  return typeof key === 'string' ? compactKey(key) : key
}

interface Sized<V> {
  value: V
  bytes: number
}

/** Options of a {@link BoundedMap} whose values are sized. */
interface BoundedMapOptions<V> {
  /** Most bytes of values kept (as `sizeOf` counts them); a single value over it is not kept. */
  maxBytes: number
  sizeOf: (value: V) => number
}

/** A Map in write order that forgets its oldest entries past `capacity` (and `maxBytes`). */
export class BoundedMap<K extends string | number, V> {
  readonly #map = new Map<K | string, Sized<V>>()
  #bytes = 0

  constructor(
    readonly capacity: number,
    readonly options?: BoundedMapOptions<V>,
  ) {}

  get(key: K): V | undefined {
    return this.#map.get(keptKey(key))?.value
  }

  /** Writes `key` as the newest entry, then forgets the oldest ones past the caps. */
  set(key: K, value: V): void {
    this.delete(key)
    const bytes = this.options?.sizeOf(value) ?? 0
    if (this.options && bytes > this.options.maxBytes) return
    this.#map.set(keptKey(key), { value, bytes })
    this.#bytes += bytes
    while (this.#map.size > this.capacity || (this.options && this.#bytes > this.options.maxBytes)) {
      const oldest = this.#map.keys().next()
      if (oldest.done) break
      this.#remove(oldest.value)
    }
  }

  delete(key: K): void {
    this.#remove(keptKey(key))
  }

  #remove(kept: K | string): void {
    const entry = this.#map.get(kept)
    if (!entry) return
    this.#bytes -= entry.bytes
    this.#map.delete(kept)
  }

  /**
   * Forgets entries from the oldest while `stale(value)` holds, up to the first that is not: for
   * entries written in the order they expire.
   */
  dropOldestWhile(stale: (value: V) => boolean): void {
    for (const [kept, entry] of this.#map) {
      if (!stale(entry.value)) break
      this.#remove(kept)
    }
  }

  get size(): number {
    return this.#map.size
  }

  /** Bytes of the values kept, as `sizeOf` counts them (0 when values are not sized). */
  get bytes(): number {
    return this.#bytes
  }
}

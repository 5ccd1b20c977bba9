/** What one counted request learns from the limiter. */
export interface RateLimitResult {
  /** Whether this request is within the limit (it was counted). */
  allowed: boolean
  /** Requests the key may still make in the current window. */
  remaining: number
  /** When refused: whole seconds until the window ends (at least 1); 0 when allowed. */
  retryAfterSeconds: number
}

export interface RateLimiterOptions {
  /** Requests allowed per key and window (a positive integer). */
  limit: number
  /** Length of the window in milliseconds. */
  windowMs: number
  /** Most keys tracked at once; beyond it the oldest window is forgotten. Default 10,000. */
  maxKeys?: number
  /** The clock, in milliseconds (tests inject one). */
  now?: () => number
}

interface Window {
  count: number
  endsAt: number
}

/**
 * An in-memory fixed-window limiter per key, per process: several instances each count their own,
 * so there the proxy holds the limit (docs/decisions/035).
 *
 * Memory is bounded: windows live in a Map in the order they started, and all windows have the
 * same length, so expired ones are always at the front and each `hit` drops them there. At most
 * `maxKeys` keys are kept; when full, the oldest window is dropped (that key starts afresh —
 * under a flood of distinct addresses a per-address limit cannot hold anyway).
 */
export class RateLimiter {
  readonly limit: number
  readonly windowMs: number
  readonly maxKeys: number
  readonly #now: () => number
  readonly #windows = new Map<string, Window>()

  constructor({ limit, windowMs, maxKeys = 10_000, now = Date.now }: RateLimiterOptions) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`)
    if (!(windowMs > 0)) throw new RangeError(`windowMs must be positive, got ${windowMs}`)
    if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError(`maxKeys must be a positive integer, got ${maxKeys}`)
    this.limit = limit
    this.windowMs = windowMs
    this.maxKeys = maxKeys
    this.#now = now
  }

  /** Counts one request of `key` and says whether it is allowed. Refused requests are not counted. */
  hit(key: string): RateLimitResult {
    const now = this.#now()
    this.#evictExpired(now)
    let window = this.#windows.get(key)
    if (window && window.endsAt <= now) {
      // Only reachable with a clock that went backwards past other windows; start afresh.
      this.#windows.delete(key)
      window = undefined
    }
    if (!window) {
      while (this.#windows.size >= this.maxKeys) this.#windows.delete(this.#windows.keys().next().value!)
      window = { count: 0, endsAt: now + this.windowMs }
      this.#windows.set(key, window)
    }
    if (window.count >= this.limit) {
      return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)) }
    }
    window.count += 1
    return { allowed: true, remaining: this.limit - window.count, retryAfterSeconds: 0 }
  }

  /**
   * Whether `key` has used up its current window, without counting anything: for limits that count
   * only failures (the preview's wrong secrets) and must refuse before the work that may fail.
   * Whole seconds until the window ends, or 0 while the key may still go on.
   */
  exhausted(key: string): number {
    const now = this.#now()
    const window = this.#windows.get(key)
    if (!window || window.endsAt <= now || window.count < this.limit) return 0
    return Math.max(1, Math.ceil((window.endsAt - now) / 1000))
  }

  /** Number of keys currently tracked. */
  get size(): number {
    return this.#windows.size
  }

  #evictExpired(now: number) {
    for (const [key, window] of this.#windows) {
      if (window.endsAt > now) break
      this.#windows.delete(key)
    }
  }
}

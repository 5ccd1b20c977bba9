import { useEffect, useRef, useState } from 'react'
import { prefersReducedMotion } from '#app/utils/scroll.ts'

export interface CountUpOptions {
  /** Time from 0 to the target (spec §9: about 2 s). */
  durationMs?: number
  /** Tick interval (spec §9: 16 ms). */
  stepMs?: number
  /** Share of the element that must be visible before counting starts (spec §9: 10 %). */
  threshold?: number
}

/**
 * A number that counts up from 0 to `target` once its element is at least 10 % visible.
 *
 * The server HTML and the first client render hold the final figure (crawlers, no JavaScript,
 * failed hydration). After hydration the value drops to 0 and waits for the element to become
 * visible; it then rises in whole numbers every 16 ms and lands exactly on the target after
 * about 2 s. It runs once. With prefers-reduced-motion, or without IntersectionObserver, it
 * stays on the target.
 */
export function useCountUp<T extends Element>(target: number, { durationMs = 2000, stepMs = 16, threshold = 0.1 }: CountUpOptions = {}) {
  const ref = useRef<T>(null)
  const [value, setValue] = useState(target)

  useEffect(() => {
    const element = ref.current
    if (!element || target <= 0 || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') {
      setValue(target)
      return
    }
    setValue(0)
    let timer: ReturnType<typeof setInterval> | undefined
    const observer = new IntersectionObserver(
      (entries) => {
        // The first callback reports the current state, which may be below the threshold; the
        // small tolerance absorbs rounding of the reported ratio at the crossing.
        if (!entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold * 0.99)) return
        observer.disconnect()
        const steps = Math.max(1, Math.round(durationMs / stepMs))
        let step = 0
        timer = setInterval(() => {
          step += 1
          if (step >= steps) {
            clearInterval(timer)
            setValue(target)
          } else {
            setValue(Math.floor((target * step) / steps))
          }
        }, stepMs)
      },
      { threshold },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      clearInterval(timer)
    }
  }, [target, durationMs, stepMs, threshold])

  return { ref, value }
}

import { useEffect, useState } from 'react'

let hydrated = false

/**
 * False in the server HTML and during hydration, true once React runs in the browser.
 * Used to switch forms from native behaviour (no JavaScript) to scripted behaviour.
 */
export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(hydrated)
  useEffect(() => {
    hydrated = true
    setHydrated(true)
  }, [])
  return isHydrated
}

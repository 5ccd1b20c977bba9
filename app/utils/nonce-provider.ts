import { createContext, useContext } from 'react'

/**
 * The response's CSP nonce for inline scripts (docs/decisions/015). entry.server.tsx provides it
 * while rendering; in the browser it is '' (browsers hide nonces from the DOM, and scripts added
 * after hydration are never inline ones of ours).
 */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

/** The nonce for an inline <script nonce> of the page ('' in the browser). */
export function useNonce(): string {
  return useContext(NonceContext)
}

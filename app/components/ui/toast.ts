/*
 * The site's toasts (spec §9). sonner loads on demand with the region (toast-region.tsx, mounted by
 * the root's <Toaster>, docs/decisions/050): its 10 KB (gzip) are not needed to show or hydrate a
 * page, only once a toast is due.
 */

interface ToastOptions {
  description?: string
}

function show(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  void import('#app/components/ui/toast-region.tsx').then(({ toast }) => toast[kind](message, options))
}

/** sonner's `toast.success` and `toast.error`, for the site's one toast region. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
}

/*
 * The vehicle photos large: a modal <dialog> over the page, loaded on the first
 * „Vergrößern“ (vehicle-gallery.tsx imports it then): the vehicle page's script budget has no room
 * for it. Plain DOM and no imports: importing React's client renderer or the app's modules here would
 * regroup the browser build's shared chunks, and every page would load more. Without JavaScript the
 * same link opens the photo itself at its largest.
 */

const BUTTON =
  'absolute flex size-12 items-center justify-center rounded-full bg-white/15 text-3xl leading-none text-white hover:bg-white/30 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400'

/**
 * Shows the gallery's `photos` (its <img>s: their srcset has every width up to each photo's own, a
 * marketplace photo its one URL) from `start` in a modal dialog, at the width the screen needs: the
 * page behind is inert, arrows, the arrow keys and a swipe move, Back, Escape or „Schließen“ close
 * it, and the focus goes back to `trigger`. `onClose` learns the photo shown last: the page's gallery
 * shows it then.
 */
export function openLightbox(photos: ArrayLike<HTMLImageElement>, start: number, trigger: HTMLElement, onClose: (index: number) => void) {
  const count = photos.length
  const dialog = document.createElement('dialog')
  // A sideways swipe is the photos' own (below), not the browser's way back; pinching still zooms.
  dialog.className = 'm-0 h-dvh max-h-none w-dvw max-w-none touch-pan-y touch-pinch-zoom bg-zinc-950 p-0 text-white backdrop:bg-zinc-950'
  const image = document.createElement('img')
  image.sizes = '100vw'
  image.className = 'size-full object-contain'
  const counter = document.createElement('p')
  counter.setAttribute('aria-live', 'polite')
  counter.className = 'absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-zinc-950/75 px-3 py-1 text-sm font-semibold'
  let index = start

  const show = (next: number) => {
    index = (next + count) % count
    const photo = photos[index]!
    image.srcset = photo.srcset
    image.src = photo.src
    image.alt = photo.alt
    dialog.setAttribute('aria-label', `Fotos, Bild ${index + 1} von ${count}`)
    counter.textContent = `Bild ${index + 1} von ${count}`
  }
  const button = (label: string, glyph: string, place: string, onClick: () => void) => {
    const element = document.createElement('button')
    element.type = 'button'
    element.setAttribute('aria-label', label)
    element.innerHTML = `<span aria-hidden="true">${glyph}</span>`
    element.className = `${BUTTON} ${place}`
    element.addEventListener('click', onClick)
    return element
  }

  const close = button('Schließen', '×', 'top-4 right-4', () => dialog.close())
  dialog.append(image, close)
  if (count > 1) {
    dialog.append(
      button('Vorheriges Bild', '‹', 'top-1/2 left-4 -translate-y-1/2', () => show(index - 1)),
      button('Nächstes Bild', '›', 'top-1/2 right-4 -translate-y-1/2', () => show(index + 1)),
      counter,
    )
    dialog.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
      if (step) show(index + step)
    })
    // A swipe moves, as on the portals' phone views.
    let startX = 0
    let startY = 0
    dialog.addEventListener('touchstart', (event) => ({ clientX: startX, clientY: startY } = event.touches[0]!), { passive: true })
    dialog.addEventListener('touchend', (event) => {
      const dx = event.changedTouches[0]!.clientX - startX
      if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(event.changedTouches[0]!.clientY - startY)) show(index + (dx < 0 ? 1 : -1))
    })
  }
  // Back closes the photos and stays on the car (M2): they have a history entry of their own, the
  // page's own state again, which the router finds at the same address and position. Closed
  // otherwise (Escape, „Schließen“), they take that entry back along.
  let backed = false
  const onBack = () => {
    backed = true
    dialog.close()
  }
  history.pushState(history.state, '')
  addEventListener('popstate', onBack)
  // Escape closes a modal dialog by itself; either way it leaves the page and the focus returns.
  dialog.addEventListener('close', () => {
    removeEventListener('popstate', onBack)
    if (!backed) history.back()
    dialog.remove()
    onClose(index)
    trigger.focus()
  })
  show(start)
  document.body.append(dialog)
  dialog.showModal()
  close.focus()
}

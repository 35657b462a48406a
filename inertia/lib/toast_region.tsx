import { ToastProvider, addToast, getToastQueue } from '@heroui/react'
import type { ToastPlacement } from '~/lib/toast'

/*
| HeroUI's toast region and its animations (framer-motion, loaded in full by
| the region's LazyMotion as soon as it mounts): no page needs them until its
| first toast, so ~/lib/toast loads this module then (issue 25 item 4).
*/

/**
 * Toasts show their whole text: HeroUI cuts the title to one line with an
 * ellipsis, and server messages are often longer than that (issue 10).
 */
const TOAST_CLASSES = {
  title: 'whitespace-normal! overflow-visible! break-words',
  description: 'whitespace-normal break-words',
}

// The queue exists before the region mounts, so the toast that loaded this module is kept.
getToastQueue()

export { addToast }

export default function ToastRegion({ placement }: { placement: ToastPlacement }) {
  return <ToastProvider placement={placement} toastProps={{ classNames: TOAST_CLASSES }} />
}

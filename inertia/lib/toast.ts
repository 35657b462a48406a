import { addToast } from '@heroui/react'

/**
 * Toasts bottom-right unless a caller asks otherwise (login failures show
 * bottom-center, customer spec §8). The provider reads the placement from here.
 */
export type ToastPlacement = 'bottom-right' | 'bottom-center'
type Listener = (p: ToastPlacement) => void

let placement: ToastPlacement = 'bottom-right'
const listeners = new Set<Listener>()

/** Toasts show in the active language; the i18n provider installs its translator here. */
let translate: (text: string) => string = (text) => text
export function setToastTranslator(t: (text: string) => string) {
  translate = t
}

export function onPlacementChange(listener: Listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function toast(
  title: string,
  options: {
    description?: string | null
    color?: 'success' | 'danger' | 'warning' | 'default'
    placement?: ToastPlacement
  } = {}
) {
  const wanted = options.placement ?? 'bottom-right'
  if (wanted !== placement) {
    placement = wanted
    listeners.forEach((l) => l(wanted))
  }
  addToast({
    title: translate(title),
    description: options.description ? translate(options.description) : undefined,
    color: options.color ?? 'default',
    timeout: 4000,
  })
}

export const toastSuccess = (title: string) => toast(title, { color: 'success' })
export const toastError = (title: string, where?: ToastPlacement) =>
  toast(title, { color: 'danger', placement: where })

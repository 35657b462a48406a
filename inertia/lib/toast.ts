/**
 * Toasts bottom-right unless a caller asks otherwise (login failures show
 * bottom-center, customer spec §8). The provider reads the placement from here.
 *
 * The toast region's code (~/lib/toast_region) loads with the first toast, not
 * with the page (issue 25 item 4); the provider mounts it once `toastsWanted()`.
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

let region: Promise<typeof import('~/lib/toast_region')> | null = null
const wantedListeners = new Set<() => void>()

/** The toast region's module, loaded once, on the first call. */
export function loadToastRegion() {
  if (!region) {
    region = import('~/lib/toast_region')
    wantedListeners.forEach((l) => l())
  }
  return region
}

/** True once a toast was asked for: the provider then mounts the region. */
export const toastsWanted = () => region !== null

export function onToastsWanted(listener: () => void) {
  wantedListeners.add(listener)
  return () => wantedListeners.delete(listener)
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
  // Translated now: the language may change before the module arrives.
  const shown = {
    title: translate(title),
    description: options.description ? translate(options.description) : undefined,
    color: options.color ?? 'default',
    timeout: 4000,
  } as const
  loadToastRegion()
    .then((m) => m.addToast(shown))
    .catch((e) => console.warn('toast not shown', e))
}

export const toastSuccess = (title: string) => toast(title, { color: 'success' })
export const toastError = (title: string, where?: ToastPlacement) =>
  toast(title, { color: 'danger', placement: where })

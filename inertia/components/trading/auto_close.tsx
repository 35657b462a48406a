import { useAutoClose } from '~/hooks/use_auto_close'

/**
 * `useAutoClose` as a component, so the dashboard can load it after it paints, with the order
 * dialog and the positions panel: all three use @domain/risk, which then sits in a chunk they
 * share. Were the page to use it itself, Rollup would keep it in the page's chunk, the page's
 * chunk would export it to them and lose its manifest entry, which the layout's preload tag needs.
 * The server's risk engine closes in any case (see the hook); these requests only come sooner.
 */
export function AutoClose(props: Parameters<typeof useAutoClose>[0]) {
  useAutoClose(props)
  return null
}

import { usePage } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'

/** Props every page receives from config/inertia.ts. */
export function useShared() {
  return usePage<SharedProps>().props
}

export function useBranding() {
  return useShared().branding
}

export function useSession() {
  return useShared().session
}

export type Branding = SharedProps['branding']
export type Session = NonNullable<SharedProps['session']>

import { defineConfig } from '@adonisjs/inertia'
import type { InferSharedProps } from '@adonisjs/inertia/types'
import { sharedProps } from '#queries/shared_props'

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  sharedData: sharedProps,
  ssr: {
    enabled: false,
  },
})

export default inertiaConfig

declare module '@adonisjs/inertia/types' {
  export interface SharedProps extends InferSharedProps<typeof inertiaConfig> {}
}

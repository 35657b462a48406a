import { Head } from '@inertiajs/react'
import { useBranding } from '~/hooks/use_shared'

/**
 * The site's icon from branding, kept current as pages change: a new icon
 * set in Site Settings shows on the next page without a reload.
 */
export function BrandIcon() {
  const branding = useBranding()
  return (
    <Head>
      <link head-key="icon" rel="icon" href={branding?.appIcon ?? '/favicon.svg'} />
    </Head>
  )
}

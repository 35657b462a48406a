import { router } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type SiteSettingsController from '#controllers/staff/site_settings_controller'
import { SITE_SETTINGS } from '@domain/site_settings'
import { staffLayout } from '~/layouts/staff_layout'
import { SettingsForm } from '~/components/form/settings_form'
import { route } from '~/lib/routes'

/**
 * Site Settings (admin spec §2, §3): one large form generated from
 * SITE_SETTINGS. After a save the page re-reads its props and the branding,
 * so the stored pictures and this shell's logo show at once.
 */
export default function SiteSettings({
  values,
  secretsSet,
  files,
}: InferPageProps<SiteSettingsController, 'show'>) {
  return (
    <SettingsForm
      schema={SITE_SETTINGS}
      values={values}
      secretsSet={secretsSet}
      files={files}
      url={route('admin.settings.update')}
      testId="site-settings-form"
      className="w-full max-w-3xl"
      clearable
      onSaved={() => router.reload({ only: ['files', 'secretsSet', 'branding'] })}
    />
  )
}

SiteSettings.layout = staffLayout

import { Button, Card, CardBody, CardHeader, Input } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type ProfileController from '#controllers/customer/profile_controller'
import { AppShell } from '~/layouts/app_shell'
import { TextField } from '~/components/form/text_field'
import { CountryField } from '~/components/form/country_field'
import { LogoSpinner } from '~/components/common/logo_spinner'
import { useApiForm } from '~/hooks/use_api_form'
import { useCountries } from '~/hooks/use_countries'
import { useTranslation } from '~/hooks/use_translation'
import { toastError, toastSuccess } from '~/lib/toast'
import { required } from '~/lib/rules'
import { route } from '~/lib/routes'

export default function Profile({ profile }: InferPageProps<ProfileController, 'show'>) {
  const { t } = useTranslation()
  const countries = useCountries()
  const form = useApiForm(
    {
      fullName: profile.fullName,
      phone: profile.phone,
      birthDate: profile.birthDate,
      country: profile.country,
      city: profile.city,
      address: profile.address,
      postalCode: profile.postalCode,
    },
    (v) => ({ fullName: required(v.fullName, 'Full name is required') })
  )

  return (
    <AppShell title="Profile" withSidebar>
      {!countries ? (
        <LogoSpinner />
      ) : (
        <Card className="max-w-3xl">
          <CardHeader>
            <h1 className="text-lg font-semibold">{t('Profile Information')}</h1>
          </CardHeader>
          <CardBody>
            <form
              className="grid grid-cols-1 gap-x-4 gap-y-6 md:grid-cols-2"
              onSubmit={(e) => {
                e.preventDefault()
                form.submit<{ message: string }>('PUT', route('profile.update'), {
                  // Agent-type sessions never send the phone (customer spec §6).
                  transform: ({ phone, birthDate, ...rest }) => ({
                    ...rest,
                    ...(profile.phoneLocked ? {} : { phone: phone || undefined }),
                    birthDate: birthDate || undefined,
                  }),
                  onSuccess: (data) => toastSuccess(data.message),
                  onError: () => toastError('Something went wrong'),
                })
              }}
            >
              <TextField form={form} name="fullName" label="Full Name" />
              <Input
                label={t('Email')}
                labelPlacement="outside"
                variant="bordered"
                value={profile.email}
                isDisabled
                data-testid="profile-email"
              />
              <TextField
                form={form}
                name="phone"
                label="Phone"
                type="tel"
                isDisabled={profile.phoneLocked}
              />
              <TextField form={form} name="birthDate" label="Birth Date" type="date" />
              <CountryField form={form} name="country" countries={countries} />
              <TextField form={form} name="city" label="City" />
              <TextField form={form} name="address" label="Street Address" />
              <TextField form={form} name="postalCode" label="Postal Code" />
              <div className="md:col-span-2">
                <Button type="submit" color="primary" isLoading={form.processing}>
                  {t('Submit')}
                </Button>
              </div>
            </form>
          </CardBody>
        </Card>
      )}
    </AppShell>
  )
}

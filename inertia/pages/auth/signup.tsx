import { useCallback, useState } from 'react'
import { Button } from '@heroui/react'
import { router } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { SignInLink } from '~/components/common/sign_in_link'
import { TextField } from '~/components/form/text_field'
import { SelectField } from '~/components/form/select_field'
import { CountryField } from '~/components/form/country_field'
import { Captcha } from '~/components/common/captcha'
import { ResultDialog } from '~/components/common/result_dialog'
import { LogoSpinner } from '~/components/common/logo_spinner'
import { useApiForm } from '~/hooks/use_api_form'
import { useBranding } from '~/hooks/use_shared'
import { useCountries } from '~/hooks/use_countries'
import { useTranslation } from '~/hooks/use_translation'
import { toastError } from '~/lib/toast'
import { EMAIL_PATTERN, passwordRule, required } from '~/lib/rules'
import { route } from '~/lib/routes'

const initial = {
  fullName: '',
  email: '',
  password: '',
  passwordConfirmation: '',
  phone: '',
  birthDate: '',
  country: '',
  city: '',
  address: '',
  postalCode: '',
  currency: '',
  promoCode: '',
  humanKey: '',
}

function rules(v: typeof initial) {
  return {
    fullName: required(v.fullName, 'Full name is required'),
    email:
      required(v.email, 'Email is required') ??
      (EMAIL_PATTERN.test(v.email) ? undefined : 'Enter a valid email address'),
    password: passwordRule(v.password),
    passwordConfirmation:
      v.passwordConfirmation !== v.password ? 'Passwords must match' : undefined,
    phone: required(v.phone, 'Phone number is required'),
    country: required(v.country, 'Country is required'),
    city: required(v.city, 'City is required'),
    address: required(v.address, 'Address is required'),
    postalCode: required(v.postalCode, 'Postal code is required'),
    currency: required(v.currency, 'Currency is required'),
  }
}

export default function Signup() {
  const branding = useBranding()
  const { t } = useTranslation()
  const countries = useCountries()
  const [created, setCreated] = useState<string | null>(null)
  const captchaOn = branding.recaptcha.status === 'on' && !!branding.recaptcha.key
  const form = useApiForm({ ...initial, currency: branding.appCurrencies[0] ?? '' }, rules)
  const setHumanKey = useCallback((v: string) => form.setValue('humanKey', v), [form.setValue])

  if (!countries) return <LogoSpinner />

  return (
    <AuthLayout title="Sign Up" wide>
      <h1 className="text-xl font-semibold">
        {t('Create an account on')} {branding.appName}
      </h1>
      <form
        className="grid grid-cols-1 gap-x-4 gap-y-6 md:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault()
          form.submit<{ message: string }>('POST', route('auth.signup'), {
            transform: (v) => ({
              ...v,
              birthDate: v.birthDate || undefined,
              promoCode: v.promoCode || undefined,
              humanKey: v.humanKey || undefined,
            }),
            onSuccess: (data) => setCreated(data.message),
            onError: (message) => toastError(message),
          })
        }}
      >
        <TextField form={form} name="fullName" label="Full Name" autoComplete="name" />
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <TextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          form={form}
          name="passwordConfirmation"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
        <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
        <TextField form={form} name="birthDate" label="Birth Date" type="date" />
        <CountryField form={form} name="country" countries={countries} />
        <TextField form={form} name="city" label="City" autoComplete="address-level2" />
        <TextField form={form} name="address" label="Address" autoComplete="street-address" />
        <TextField form={form} name="postalCode" label="Postal Code" autoComplete="postal-code" />
        <SelectField
          form={form}
          name="currency"
          label="Currency"
          options={branding.appCurrencies.map((c) => ({ value: c, label: c }))}
        />
        <TextField form={form} name="promoCode" label="Promo Code (optional)" />
        {captchaOn && (
          <div className="md:col-span-2">
            <Captcha siteKey={branding.recaptcha.key!} onChange={setHumanKey} />
            {form.errorFor('humanKey') && (
              <p className="text-tiny text-danger">{t(form.errorFor('humanKey')!)}</p>
            )}
          </div>
        )}
        <div className="flex items-center justify-between md:col-span-2">
          <SignInLink />
          <Button type="submit" color="primary" isLoading={form.processing}>
            {t('Sign Up')}
          </Button>
        </div>
      </form>
      <ResultDialog
        isOpen={created !== null}
        title="Account Created"
        message={created ?? ''}
        actionLabel="Sign In"
        onAction={() => router.visit(route('auth.login.show'))}
      />
    </AuthLayout>
  )
}

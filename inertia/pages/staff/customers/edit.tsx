import { useState } from 'react'
import {
  Avatar,
  Button,
  Card,
  CardBody,
  Chip,
  Input,
  Modal,
  ModalBody,
  ModalContent,
  ModalHeader,
  Tab,
  Tabs,
} from '@heroui/react'
import { router } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type CustomersController from '#controllers/staff/customers_controller'
import type { CustomerDetail } from '#transformers/customer_transformer'
import { NO_CHOICE } from '@domain/customers'
import { Roles } from '@domain/roles'
import { formatCurrency } from '@domain/formatting'
import { staffLayout } from '~/layouts/staff_layout'
import { TextField } from '~/components/form/text_field'
import { SelectField } from '~/components/form/select_field'
import { SwitchField } from '~/components/form/switch_field'
import { CountryField } from '~/components/form/country_field'
import { LogoSpinner } from '~/components/common/logo_spinner'
import { BalanceAdjustmentForm } from '~/components/staff/balance_adjustment_form'
import {
  CustomerDepositsTable,
  CustomerTradesTable,
  CustomerWithdrawsTable,
} from '~/components/customers/customer_lists'
import { TrackingTab } from '~/components/customers/tracking_tab'
import { LoginAsButton } from '~/components/customers/login_as_button'
import { useApiForm } from '~/hooks/use_api_form'
import { useCountries } from '~/hooks/use_countries'
import { useTranslation } from '~/hooks/use_translation'
import { toastError, toastSuccess } from '~/lib/toast'
import { route } from '~/lib/routes'
import { EMAIL_PATTERN } from '~/lib/rules'
import { OwnCredentialProof } from '~/components/form/own_credential_proof'

type Props = InferPageProps<CustomersController, 'edit'>

/**
 * The edit customer page (CRM spec §2.9): the left panel (avatar, name,
 * e-mail, Active/Inactive, Login as, the balance cards with add and
 * subtract) and the tabs Profile, Trades, Deposits, Withdraws and Tracking.
 * What the viewer may do comes from the server (`access`): role 6 sees
 * e-mail and phone obscured, no Submit and no balance buttons; a manager's
 * manager and plan selects are disabled (the isManager flag). A staff
 * member's own page (Profile in the user menu) shows their profile form only.
 */
export default function EditCustomer({ customer, access, choices }: Props) {
  const { t } = useTranslation()
  const money = access.moneyTabs && customer.roleId === Roles.CUSTOMER
  const tabs = [
    {
      key: 'profile',
      title: 'Profile',
      content: <ProfileForm customer={customer} access={access} choices={choices} />,
    },
    ...(money
      ? [
          { key: 'trades', title: 'Trades', content: <CustomerTradesTable userId={customer.id} /> },
          {
            key: 'deposits',
            title: 'Deposits',
            content: <CustomerDepositsTable userId={customer.id} />,
          },
          {
            key: 'withdraws',
            title: 'Withdraws',
            content: <CustomerWithdrawsTable userId={customer.id} />,
          },
        ]
      : []),
    ...(access.own
      ? []
      : [{ key: 'tracking', title: 'Tracking', content: <TrackingTab userId={customer.id} /> }]),
  ]
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_1fr]">
      <LeftPanel customer={customer} access={access} />
      <Card>
        <CardBody>
          <Tabs
            aria-label={t('Customer')}
            data-testid="customer-tabs"
            // Five tabs wrap on a phone instead of scrolling sideways; each as wide as its
            // label, or every tab (HeroUI's are w-full) took a row of its own, at 1440 px too.
            classNames={{ tabList: 'flex-wrap', tab: 'w-auto' }}
          >
            {tabs.map((tab) => (
              <Tab
                key={tab.key}
                title={<span data-testid={`customer-tab-${tab.key}`}>{t(tab.title)}</span>}
              >
                {tab.content}
              </Tab>
            ))}
          </Tabs>
        </CardBody>
      </Card>
    </div>
  )
}

EditCustomer.layout = staffLayout

function LeftPanel({ customer, access }: Pick<Props, 'customer' | 'access'>) {
  const { t } = useTranslation()
  const [adjusting, setAdjusting] = useState<{
    balance: CustomerDetail['balances'][number]
    type: 'add' | 'subtract'
  } | null>(null)
  return (
    <Card>
      <CardBody className="flex flex-col items-center gap-3">
        <Avatar name={customer.fullName} size="lg" />
        <div className="text-center">
          <p className="font-semibold" data-testid="customer-name">
            {customer.fullName}
          </p>
          <p className="break-all text-small text-default-500" data-testid="customer-email">
            {customer.email}
          </p>
        </div>
        <Chip
          size="sm"
          variant="flat"
          color={customer.isActive ? 'success' : 'danger'}
          data-testid="customer-status"
        >
          {t(customer.isActive ? 'Active' : 'Inactive')}
        </Chip>
        {access.loginAs && customer.roleId === Roles.CUSTOMER && (
          <LoginAsButton userId={customer.id} />
        )}
        <div className="flex w-full flex-col gap-3">
          {customer.balances.map((balance) => (
            <Card key={balance.id} shadow="sm" className="w-full">
              <CardBody className="flex flex-col gap-2">
                <div className="flex items-center justify-between text-small text-default-500">
                  <span>{t(balance.mode === 'real' ? 'Real' : 'Demo')}</span>
                  <span>{balance.currency}</span>
                </div>
                <p
                  className="text-lg font-semibold"
                  data-testid={`customer-balance-card-${balance.id}`}
                >
                  {formatCurrency(balance.balance, balance.currency)}
                </p>
                {access.canAdjust && (
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      color="success"
                      variant="flat"
                      onPress={() => setAdjusting({ balance, type: 'add' })}
                      data-testid={`customer-balance-add-${balance.id}`}
                    >
                      {t('Add')}
                    </Button>
                    <Button
                      size="sm"
                      color="danger"
                      variant="flat"
                      onPress={() => setAdjusting({ balance, type: 'subtract' })}
                      data-testid={`customer-balance-subtract-${balance.id}`}
                    >
                      {t('Subtract')}
                    </Button>
                  </div>
                )}
              </CardBody>
            </Card>
          ))}
        </div>
      </CardBody>
      <Modal isOpen={adjusting !== null} onClose={() => setAdjusting(null)}>
        <ModalContent data-testid="customer-balance-modal">
          {adjusting && (
            <>
              <ModalHeader>{t('Balance adjustment')}</ModalHeader>
              <ModalBody className="pb-6">
                <BalanceAdjustmentForm
                  balance={adjusting.balance}
                  type={adjusting.type}
                  onSaved={() => {
                    setAdjusting(null)
                    router.reload({ only: ['customer'] })
                  }}
                />
              </ModalBody>
            </>
          )}
        </ModalContent>
      </Modal>
    </Card>
  )
}

type ProfileValues = {
  fullName: string
  email: string
  password: string
  phone: string
  birthDate: string
  country: string
  city: string
  postalCode: string
  address: string
  managerId: string
  pricingTableId: string
  isEmailVerified: boolean
  isActive: boolean
  currentPassword: string
  twoFactorCode: string
}

/** The Profile tab (§2.9): every field of the form; the password write-only (blank keeps it). */
function ProfileForm({
  customer,
  access,
  choices,
}: Pick<Props, 'customer' | 'access' | 'choices'>) {
  const { t } = useTranslation()
  const countries = useCountries()
  const form = useApiForm<ProfileValues>(
    {
      fullName: customer.fullName,
      email: customer.email,
      password: '',
      phone: customer.profile.phone ?? '',
      birthDate: customer.profile.birthDate ?? '',
      country: customer.profile.country ?? '',
      city: customer.profile.city ?? '',
      postalCode: customer.profile.postalCode ?? '',
      address: customer.profile.address ?? '',
      managerId: String(customer.profile.managerId ?? NO_CHOICE),
      pricingTableId: String(customer.pricingTableId ?? NO_CHOICE),
      isEmailVerified: customer.isEmailVerified,
      isActive: customer.isActive,
      currentPassword: '',
      twoFactorCode: '',
    },
    (v) => ({
      fullName: v.fullName.trim() ? undefined : 'Full name is required',
      email: !v.email.trim()
        ? 'Email is required'
        : access.masked || EMAIL_PATTERN.test(v.email.trim())
          ? undefined
          : 'Invalid email',
      password:
        v.password && v.password.length < 8 ? 'Password must be at least 8 characters' : undefined,
    })
  )
  if (!countries) return <LogoSpinner />
  const readOnly = !access.canEdit
  const managerOptions = [
    { value: String(NO_CHOICE), label: t('Choose a manager') },
    ...choices.managers.map((m) => ({ value: String(m.id), label: m.fullName })),
  ]
  const planOptions = [
    { value: String(NO_CHOICE), label: t('Choose a plan') },
    ...choices.plans.map((p) => ({ value: String(p.id), label: p.name })),
  ]
  return (
    <form
      className="grid grid-cols-1 gap-x-4 gap-y-6 md:grid-cols-2"
      data-testid="customer-profile-form"
      onSubmit={(e) => {
        e.preventDefault()
        if (readOnly) return
        form.submit<{ message: string }>(
          'PUT',
          route('admin.customers.update', { id: customer.id }),
          {
            transform: (v) => ({
              fullName: v.fullName.trim(),
              email: v.email.trim(),
              password: v.password,
              phone: v.phone.trim(),
              birthDate: v.birthDate,
              country: v.country,
              city: v.city.trim(),
              postalCode: v.postalCode.trim(),
              address: v.address.trim(),
              ...(access.own
                ? // One's own new password or e-mail needs these (the server asks only then).
                  { currentPassword: v.currentPassword, twoFactorCode: v.twoFactorCode.trim() }
                : {
                    managerId: Number(v.managerId),
                    pricingTableId: Number(v.pricingTableId),
                    isEmailVerified: v.isEmailVerified,
                    isActive: v.isActive,
                  }),
            }),
            onSuccess: (data) => {
              toastSuccess(data.message)
              form.setValue('password', '')
              form.setValue('currentPassword', '')
              form.setValue('twoFactorCode', '')
              router.reload({ only: ['customer'] })
            },
            onError: (message) => toastError(message),
          }
        )
      }}
    >
      <TextField form={form} name="fullName" label="Full Name" isDisabled={readOnly} />
      {access.masked ? (
        <>
          <Input
            label={t('Email')}
            labelPlacement="outside"
            variant="bordered"
            value={customer.email}
            isDisabled
            data-testid="customer-email-masked"
          />
          <Input
            label={t('Phone')}
            labelPlacement="outside"
            variant="bordered"
            value={customer.profile.phone ?? ''}
            placeholder=" "
            isDisabled
            data-testid="customer-phone-masked"
          />
        </>
      ) : (
        <>
          <TextField form={form} name="email" label="Email" type="email" isDisabled={readOnly} />
          <TextField form={form} name="phone" label="Phone" type="tel" isDisabled={readOnly} />
        </>
      )}
      {!readOnly && (
        <TextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          description={t('Leave empty to keep the current password')}
        />
      )}
      {!readOnly && access.own && <OwnCredentialProof form={form} />}
      <TextField
        form={form}
        name="birthDate"
        label="Birth Date"
        type="date"
        isDisabled={readOnly}
      />
      {readOnly ? (
        <Input
          label={t('Country')}
          labelPlacement="outside"
          variant="bordered"
          value={customer.profile.country ?? ''}
          placeholder={t('Choose a country')}
          isDisabled
        />
      ) : (
        <CountryField form={form} name="country" countries={countries} />
      )}
      <TextField form={form} name="city" label="City" isDisabled={readOnly} />
      <TextField form={form} name="postalCode" label="Postal Code" isDisabled={readOnly} />
      <TextField form={form} name="address" label="Address" isDisabled={readOnly} />
      {!access.own && (
        <>
          <SelectField
            form={form}
            name="managerId"
            label="Manager"
            options={managerOptions}
            isDisabled={readOnly || access.isManager}
          />
          <SelectField
            form={form}
            name="pricingTableId"
            label="Plan"
            options={planOptions}
            isDisabled={readOnly || access.isManager}
          />
          <SwitchField
            form={form}
            name="isEmailVerified"
            label="Email Verified"
            isDisabled={readOnly}
          />
          <SwitchField form={form} name="isActive" label="Active" isDisabled={readOnly} />
        </>
      )}
      {!readOnly && (
        <div className="md:col-span-2">
          <Button
            type="submit"
            color="primary"
            isLoading={form.processing}
            data-testid="customer-submit"
          >
            {t('Submit')}
          </Button>
        </div>
      )}
    </form>
  )
}

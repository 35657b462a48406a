import { router } from '@inertiajs/react'
import { Button, Card, CardBody, CardHeader, Input } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type DepositsController from '#controllers/customer/deposits_controller'
import { AppShell } from '~/layouts/app_shell'
import { TextField } from '~/components/form/text_field'
import { FileField } from '~/components/form/file_field'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { formatMoney } from '@domain/formatting'
import { required } from '~/lib/rules'
import { toastSuccess } from '~/lib/toast'
import { route } from '~/lib/routes'

type Props = InferPageProps<DepositsController, 'bank'>

/**
 * The bank deposit page (customer spec §2): the broker's account to transfer
 * to and the 'Sent From' form with the transfer's proof. The submission
 * always lands on /deposits?status=pending&amount=… (§4), with the server's
 * message when it failed.
 */
export default function BankDeposit({ id, amount, currency, bank, accountName }: Props) {
  const { t } = useTranslation()
  const form = useApiForm(
    { bank_name: '', account_name: accountName, account_number: '', proof: null as File | null },
    (v) => ({
      bank_name: required(v.bank_name, 'Bank name is required'),
      account_number: required(v.account_number, 'Account number is required'),
      account_name: required(v.account_name, 'Account name is required'),
      proof: v.proof ? undefined : 'Proof is required',
    })
  )

  const done = (message?: string) => {
    const query = new URLSearchParams({ status: 'pending', amount })
    if (message) query.set('message', message)
    router.visit(`${route('deposits.index')}?${query.toString()}`)
  }

  const rows: [string, string][] = [
    ['Bank Name', bank.bankName],
    ['Account Holder Name', bank.accountHolder],
    ['IBAN or Account Number', bank.accountNumber],
    ['BIC or Swift Code', bank.swiftCode],
    ['Country', bank.country],
    ['Amount', formatMoney(amount, currency)],
  ]

  return (
    <AppShell title="Bank Deposit" withSidebar>
      <div className="flex max-w-3xl flex-col gap-4">
        <Card>
          <CardHeader className="font-semibold">
            {t('Transfer funds to the bank account details')}
          </CardHeader>
          <CardBody>
            <table className="w-full text-small" data-testid="bank-details">
              <tbody>
                {rows.map(([label, value]) => (
                  <tr key={label} className="border-b border-default-100 last:border-0">
                    <th className="py-2 pr-4 text-left font-medium text-default-500">{t(label)}</th>
                    <td className="py-2">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardBody>
        </Card>
        <Card>
          <CardHeader className="font-semibold">{t('Sent From')}</CardHeader>
          <CardBody>
            <form
              className="flex flex-col gap-6"
              data-testid="bank-deposit-form"
              onSubmit={(e) => {
                e.preventDefault()
                form.submit<{ message: string }>('PUT', route('deposits.bank.submit', { id }), {
                  transform: (v) => {
                    const data = new FormData()
                    data.append('bank_name', v.bank_name)
                    data.append('account_name', v.account_name)
                    data.append('account_number', v.account_number)
                    if (v.proof) data.append('proof', v.proof)
                    return data
                  },
                  onSuccess: (data) => {
                    toastSuccess(data.message)
                    done()
                  },
                  onError: (message) => done(message),
                })
              }}
            >
              <TextField form={form} name="bank_name" label="Bank Name" />
              <Input
                name="account_name"
                label={t('Account Name')}
                labelPlacement="outside"
                variant="bordered"
                value={form.values.account_name}
                isDisabled
              />
              <TextField
                form={form}
                name="account_number"
                label="Account Number"
                autoComplete="off"
              />
              <FileField
                form={form}
                name="proof"
                label="Proof"
                accept="image/jpeg,image/png,image/webp,application/pdf"
                description={t('JPEG, PNG or WebP image or PDF, at most {size} MB', { size: 5 })}
              />
              <Button
                type="submit"
                color="primary"
                isLoading={form.processing}
                className="self-start"
                data-testid="bank-deposit-submit"
              >
                {t('Submit')}
              </Button>
            </form>
          </CardBody>
        </Card>
      </div>
    </AppShell>
  )
}

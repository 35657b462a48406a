/*
| Every existing staff write leaves exactly one audit row (who, role, address,
| action, target, before → after, secrets masked) in the write's transaction;
| a refused write leaves none (issue 11 item 8).
*/
import { test } from '@japa/runner'
import ExternalPayment from '#models/external_payment'
import KycDocument from '#models/kyc_document'
import { verifyAuditChain } from '#services/audit_verification'
import { REDACTED } from '#domain/redaction'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { auditCount, auditRows, onlyAuditRow } from '#tests/helpers/audit'
import { trustProxies } from '#tests/helpers/client_address'
import { configureGateway, pendingDeposit, withoutOtherDeposits } from '#tests/helpers/deposits'
import { pendingWithdrawal, setWithdrawFees } from '#tests/helpers/withdrawals'
import { removeKycFilesAfterEach, storedDocument, upload } from '#tests/helpers/kyc'
import {
  forgetPublicFile,
  multipart,
  removePublicFilesAfterEach,
} from '#tests/helpers/public_files'
import { UserFactory } from '#database/factories/user_factory'

const LOOPBACK = /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/

test.group('Audit rows of deposit and withdrawal decisions', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  removeKycFilesAfterEach(group)

  test('approving a deposit: one row with who, role, address, status and balance after; a second approval adds none', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const deposit = await pendingDeposit(await UserFactory.create(), 'bank', '250.00')
    ;(
      await api(client, 'post', `/admin/deposits/${deposit.id}/approve`).loginAs(manager)
    ).assertStatus(200)
    await deposit.refresh()

    const row = await onlyAuditRow('deposit.approve', deposit.id)
    assert.containsSubset(row, { staff_id: manager.id, staff_role_id: 2, target_type: 'deposit' })
    assert.match(row.ip, LOOPBACK)
    assert.deepEqual(row.changes, {
      status: { before: 'pending', after: 'approved' },
      balanceAfter: { before: null, after: money(deposit.balanceAfter!).toFixed(2) },
    })

    ;(
      await api(client, 'post', `/admin/deposits/${deposit.id}/approve`).loginAs(manager)
    ).assertStatus(409)
    ;(
      await api(client, 'post', `/admin/deposits/${deposit.id}/decline`).loginAs(manager)
    ).assertStatus(409)
    assert.lengthOf(await auditRows({ targetType: 'deposit', targetId: deposit.id }), 1)
  })

  test('declining a deposit: one row; an unknown deposit (404) and a customer (403) leave none', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const deposit = await pendingDeposit(customer, 'btc')
    const before = await auditCount()
    ;(await api(client, 'post', '/admin/deposits/999999/decline').loginAs(admin)).assertStatus(404)
    ;(
      await api(client, 'post', `/admin/deposits/${deposit.id}/decline`).loginAs(customer)
    ).assertStatus(403)
    assert.equal(await auditCount(), before)

    ;(
      await api(client, 'post', `/admin/deposits/${deposit.id}/decline`).loginAs(admin)
    ).assertStatus(200)
    const row = await onlyAuditRow('deposit.decline', deposit.id)
    assert.containsSubset(row, { staff_id: admin.id, staff_role_id: 1 })
    assert.deepEqual(row.changes, { status: { before: 'pending', after: 'declined' } })
  })

  test('a provider settling a deposit is no staff action: no row', async ({ assert }) => {
    const { settleProviderNotice } = await import('#actions/deposits/settle_deposit')
    const deposit = await pendingDeposit(await UserFactory.create(), 'stripe', '10.00')
    const before = await auditCount()
    await settleProviderNotice('stripe', { txRef: deposit.txRef, outcome: 'failed' })
    assert.equal(await auditCount(), before)
  })

  test('approving and declining withdrawals: one row each, the reason recorded', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    const paid = await pendingWithdrawal(customer, '10')
    const refused = await pendingWithdrawal(customer, '12')
    ;(
      await api(client, 'post', `/admin/withdraws/${paid.id}/approve`).loginAs(manager)
    ).assertStatus(200)
    ;(
      await api(client, 'post', `/admin/withdraws/${refused.id}/decline`, {
        declineReason: 'Account closed',
      }).loginAs(manager)
    ).assertStatus(200)
    await paid.refresh()

    const approval = await onlyAuditRow('withdrawal.approve', paid.id)
    assert.containsSubset(approval, {
      staff_id: manager.id,
      staff_role_id: 2,
      target_type: 'withdrawal',
    })
    assert.deepEqual(approval.changes.status, { before: 'pending', after: 'approved' })
    assert.equal(approval.changes.balanceAfter.after, money(paid.balanceAfter!).toFixed(2))
    const decline = await onlyAuditRow('withdrawal.decline', refused.id)
    assert.deepEqual(decline.changes, {
      status: { before: 'pending', after: 'declined' },
      declineReason: { before: null, after: 'Account closed' },
    })
  })

  test('refused withdrawal decisions leave no row: no reason (422), decided already (409), unknown (404)', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const withdrawal = await pendingWithdrawal(
      await UserFactory.apply('funded', 'kycApproved').create(),
      '10'
    )
    ;(
      await api(client, 'post', `/admin/withdraws/${withdrawal.id}/approve`).loginAs(admin)
    ).assertStatus(200)
    const before = await auditCount()
    ;(
      await api(client, 'post', `/admin/withdraws/${withdrawal.id}/decline`, {}).loginAs(admin)
    ).assertStatus(422)
    ;(
      await api(client, 'post', `/admin/withdraws/${withdrawal.id}/approve`).loginAs(admin)
    ).assertStatus(409)
    ;(await api(client, 'post', '/admin/withdraws/999999/approve').loginAs(admin)).assertStatus(404)
    assert.equal(await auditCount(), before)
  })

  test('the address is request.ip(): from a trusted proxy, the forwarded client', async ({
    client,
    assert,
  }) => {
    const undo = trustProxies('loopback')
    try {
      const deposit = await pendingDeposit(await UserFactory.create(), 'bank')
      ;(
        await api(client, 'post', `/admin/deposits/${deposit.id}/decline`)
          .header('X-Forwarded-For', '203.0.113.50')
          .loginAs(await UserFactory.apply('admin').create())
      ).assertStatus(200)
      assert.equal((await onlyAuditRow('deposit.decline', deposit.id)).ip, '203.0.113.50')
    } finally {
      undo()
    }
  })
})

test.group('Audit rows of settings, gateways and external payments', (group) => {
  isolate(group)
  removePublicFilesAfterEach(group)

  test('withdraw settings: before → after; saving the same values again and a refused save add none', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await setWithdrawFees('1.50', '2')
    ;(
      await api(client, 'post', '/admin/withdraws/settings', {
        feePercentage: '2.5',
        feeFixed: '2',
      }).loginAs(admin)
    ).assertStatus(200)
    const row = await onlyAuditRow('withdraw_settings.update', 'withdrawSettings')
    assert.containsSubset(row, { staff_id: admin.id, target_type: 'setting' })
    assert.deepEqual(row.changes, { feePercentage: { before: '1.5', after: '2.5' } })

    const before = await auditCount()
    ;(
      await api(client, 'post', '/admin/withdraws/settings', {
        feePercentage: '2.50',
        feeFixed: '2.00',
      }).loginAs(admin)
    ).assertStatus(200)
    ;(
      await api(client, 'post', '/admin/withdraws/settings', {
        feePercentage: '-1',
        feeFixed: '2',
      }).loginAs(admin)
    ).assertStatus(422)
    ;(
      await api(client, 'post', '/admin/withdraws/settings', {
        feePercentage: '3',
        feeFixed: '2',
      }).loginAs(await UserFactory.apply('manager').create())
    ).assertStatus(403)
    assert.equal(await auditCount(), before)
  })

  test('a gateway update: shown fields before → after, secrets only as set or not; no secret value anywhere in the row', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await configureGateway(
      'paypal',
      { key1: 'client-old', key2: 'paypal-secret-old', key3: 'sandbox', key4: null },
      { fee: '1', active: false }
    )
    const response = await multipart(client, 'put', '/admin/gateways/paypal', admin, {
      key1: 'client-new',
      key2: 'paypal-secret-new',
      key4: 'WH-77',
      fee: '1.25',
      isActive: 'true',
    })
    response.assertStatus(200)
    const rows = await auditRows({ action: 'gateway.update', targetId: 'paypal' })
    assert.lengthOf(rows, 1)
    assert.notInclude(JSON.stringify(rows[0]), 'paypal-secret')
    const row = await onlyAuditRow('gateway.update', 'paypal')
    assert.deepEqual(row.changes, {
      fee: { before: '1', after: '1.25' },
      isActive: { before: false, after: true },
      key1: { before: 'client-old', after: 'client-new' },
      key2: { before: REDACTED, after: REDACTED },
      key4: { before: null, after: 'WH-77' },
    })
  })

  test('a gateway: clearing a secret shows set → not set; an unchanged save and a refused one add none', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await configureGateway('stripe', { key1: 'sk_live_x', key2: 'whsec_y' })
    ;(
      await multipart(client, 'put', '/admin/gateways/stripe', admin, { clear: ['key2'] })
    ).assertStatus(200)
    const row = await onlyAuditRow('gateway.update', 'stripe')
    assert.deepEqual(row.changes, { key2: { before: REDACTED, after: null } })

    const before = await auditCount()
    ;(await multipart(client, 'put', '/admin/gateways/stripe', admin, { key2: '' })).assertStatus(
      200
    )
    ;(await multipart(client, 'put', '/admin/gateways/stripe', admin, { fee: '101' })).assertStatus(
      422
    )
    ;(await multipart(client, 'put', '/admin/gateways/nosuch', admin, { fee: '1' })).assertStatus(
      404
    )
    assert.equal(await auditCount(), before)
  })

  test('external payments: add, edit and delete each leave one row; refused ones leave none', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const fields = {
      name: 'Skrill',
      link: 'https://skrill.example.com/pay',
      customLabel: 'Merchant',
      customValue: '',
    }
    const created = await multipart(client, 'post', '/admin/externalPayments', admin, fields, {
      logo: upload('png', 'skrill.png'),
    })
    created.assertStatus(201)
    const id = created.body().payment.id
    const logo = (await ExternalPayment.findOrFail(id)).logoPath
    forgetPublicFile(logo)

    const creation = await onlyAuditRow('external_payment.create', id)
    assert.containsSubset(creation, { staff_id: admin.id, target_type: 'external_payment' })
    assert.deepEqual(creation.changes, {
      customLabel: { before: null, after: 'Merchant' },
      link: { before: null, after: 'https://skrill.example.com/pay' },
      logo: { before: null, after: logo },
      name: { before: null, after: 'Skrill' },
    })

    ;(
      await multipart(client, 'put', `/admin/externalPayments/${id}`, admin, {
        ...fields,
        name: 'Skrill Pay',
      })
    ).assertStatus(200)
    assert.deepEqual((await onlyAuditRow('external_payment.update', id)).changes, {
      name: { before: 'Skrill', after: 'Skrill Pay' },
    })

    const before = await auditCount()
    ;(await multipart(client, 'post', '/admin/externalPayments', admin, fields)).assertStatus(422)
    ;(
      await multipart(client, 'put', `/admin/externalPayments/${id}`, admin, {
        ...fields,
        link: 'ftp://x',
      })
    ).assertStatus(422)
    ;(await api(client, 'delete', '/admin/externalPayments/999999').loginAs(admin)).assertStatus(
      404
    )
    assert.equal(await auditCount(), before)

    ;(await api(client, 'delete', `/admin/externalPayments/${id}`).loginAs(admin)).assertStatus(200)
    const deletion = await onlyAuditRow('external_payment.delete', id)
    assert.deepEqual(deletion.changes.name, { before: 'Skrill Pay', after: null })
    assert.deepEqual(deletion.changes.link, {
      before: 'https://skrill.example.com/pay',
      after: null,
    })
  })
})

test.group('Audit rows of KYC decisions and login-as', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)

  test('approving and declining KYC: one row each with status and reason; a repeated decision adds none', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const document = await storedDocument(await UserFactory.create(), {
      status: 'declined',
      declineReason: 'Blurry',
    })
    ;(await api(client, 'post', `/admin/kyc/${document.id}/approve`).loginAs(admin)).assertStatus(
      200
    )
    assert.deepEqual((await onlyAuditRow('kyc.approve', document.id)).changes, {
      status: { before: 'declined', after: 'approved' },
      declineReason: { before: 'Blurry', after: null },
    })
    ;(await api(client, 'post', `/admin/kyc/${document.id}/approve`).loginAs(admin)).assertStatus(
      409
    )
    ;(
      await api(client, 'post', `/admin/kyc/${document.id}/decline`, {}).loginAs(admin)
    ).assertStatus(422)
    assert.lengthOf(await auditRows({ targetType: 'kyc_document', targetId: document.id }), 1)

    ;(
      await api(client, 'post', `/admin/kyc/${document.id}/decline`, {
        declineReason: 'Expired passport',
      }).loginAs(admin)
    ).assertStatus(200)
    const decline = await onlyAuditRow('kyc.decline', document.id)
    assert.containsSubset(decline, {
      staff_id: admin.id,
      staff_role_id: 1,
      target_type: 'kyc_document',
    })
    assert.deepEqual(decline.changes, {
      status: { before: 'approved', after: 'declined' },
      declineReason: { before: null, after: 'Expired passport' },
    })
    assert.equal((await KycDocument.findOrFail(document.id)).status, 'declined')
  })

  test('back to admin from a login-as session: a login_as.end row naming the staff member and the customer', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const agent = await UserFactory.apply('agent').create()
    const before = await auditCount()
    ;(await api(client, 'post', '/authManager/back-to-admin').loginAs(customer)).assertStatus(403)
    assert.equal(await auditCount(), before)

    const response = await api(client, 'post', '/authManager/back-to-admin')
      .loginAs(customer)
      .withSession({ impersonator: { staffId: agent.id, staffRoleId: 5 } })
    response.assertStatus(200)
    const row = await onlyAuditRow('login_as.end', customer.id)
    assert.containsSubset(row, { staff_id: agent.id, staff_role_id: 5, target_type: 'user' })
    assert.deepEqual(row.changes, {})
  })

  test('after all of it the chain still verifies', async ({ assert }) => {
    assert.isNull((await verifyAuditChain()).broken)
  })
})

import { test } from '@japa/runner'
import Lead from '#models/lead'
import LeadCall from '#models/lead_call'
import Setting from '#models/setting'
import settings from '#services/settings_service'
import { overrideProviderBase } from '#services/payments/endpoints'
import { VoisoFake } from '#tests/fakes/voiso_fake'
import { isolate } from '#tests/helpers/isolation'
import { signedInPage } from '#tests/helpers/browser'
import { DEMO, demoUser } from '#tests/helpers/users'

const KEY = 'voiso-browser-key'

/** A call started from the sales desk's phone cell reaches the (fake) Voiso and is kept on the lead. */
test.group('Browser: calls from the leads desk', (group) => {
  isolate(group)
  let fake: VoisoFake

  group.each.setup(async () => {
    fake = await VoisoFake.start({
      apiKey: KEY,
      agents: [
        { email: DEMO.agent, ext: '7777', status: 'available' },
        { email: DEMO.retention, ext: '5555', status: 'Unavailable' },
      ],
    })
    overrideProviderBase('voiso', fake.base)
    await Setting.updateOrCreate({ key: 'voiso' }, { value1: 'cc-ams03', value2: KEY })
    settings.forget()
    return async () => {
      overrideProviderBase('voiso', null)
      await fake.close()
    }
  })

  test('the admin calls a lead through the Agent Selector; the fake Voiso gets the agent and the number', async ({
    browser,
    assert,
    cleanup,
  }) => {
    const agent = await demoUser(DEMO.agent)
    const lead = await Lead.create({
      email: 'caller@callwalk.test',
      firstName: 'Carla',
      lastName: 'Caller',
      phone: '+44 7414 992548',
      group: 'sales',
      source: 'manual',
      agentId: agent.id,
    })
    const page = await signedInPage(browser, DEMO.admin)
    cleanup(() => page.context().close())
    await page.goto('/admin/crm/sales/all?search=callwalk', { timeout: 90_000 })
    await page.locator('[data-testid=leads-total]', { hasText: 'Total: 1' }).waitFor()

    const cell = page.locator(`[data-testid=phone-cell-${lead.id}]`)
    await cell.locator('[data-testid=phone-call]').click()
    const selector = page.locator('[data-testid=agent-selector]')
    await selector.locator('[data-testid=agent-row]', { hasText: DEMO.agent }).waitFor()
    await selector
      .locator('[data-testid=agent-row]', { hasText: DEMO.agent })
      .locator('[data-testid=agent-call]')
      .click()
    await page.locator('[data-toast]', { hasText: 'Call started successfully' }).first().waitFor()

    assert.lengthOf(fake.calls, 1)
    assert.equal(fake.calls[0].params.agent, DEMO.agent)
    assert.equal(fake.calls[0].params.number, '447414992548')
    const calls = await LeadCall.query().where('lead_id', lead.id)
    assert.lengthOf(calls, 1)
    assert.equal(calls[0].result, 'started')
  }).timeout(150_000)
})

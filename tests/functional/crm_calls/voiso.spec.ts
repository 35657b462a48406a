import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import Lead from '#models/lead'
import LeadCall from '#models/lead_call'
import Setting from '#models/setting'
import settings from '#services/settings_service'
import { overrideProviderBase } from '#services/payments/endpoints'
import { voisoTimeouts } from '#services/voiso_client'
import { clearCallGap, VOISO_LIMITS } from '#services/voiso_throttles'
import { UserFactory } from '#database/factories/user_factory'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditRows } from '#tests/helpers/audit'
import { DEMO } from '#tests/helpers/users'
import { VoisoFake, VOISO_USER_NOT_FOUND } from '#tests/fakes/voiso_fake'
import type { RoleId } from '#domain/roles'
import type User from '#models/user'

const KEY = 'voiso-test-key-4f1c/with+odd=chars'
const CLUSTER = 'cc-ams03'
/** The agents Voiso knows (sign-in e-mails it was given; nobody's account here). */
const AGENTS = [
  { email: DEMO.agent, ext: '7777', status: 'available' },
  { email: DEMO.retention, ext: '5555', status: 'Unavailable' },
  { email: DEMO.admin, ext: '1001', status: 'Dialer waiting' },
  { email: DEMO.manager, ext: 1002 as unknown as string, status: 'outbound' },
]

let fake: VoisoFake

async function configure(values: { value1?: string | null; value2?: string | null } = {}) {
  await Setting.updateOrCreate({ key: 'voiso' }, { value1: CLUSTER, value2: KEY, ...values })
  settings.forget()
}

async function showUserInfoAgent(on: boolean) {
  await Setting.updateOrCreate({ key: 'showUserInfoAgent' }, { value1: on ? 'on' : 'off' })
  settings.forget()
}

/** A lead on the sales desk, worked by whoever is named. */
function leadOf(
  people: { agentId?: number | null; retAgentId?: number | null; managerId?: number | null },
  phone: string | null = '+44 7414 992548'
) {
  return Lead.create({
    firstName: 'Lea',
    lastName: 'Caller',
    email: `lead-${Math.random().toString(36).slice(2)}@leads.test`,
    phone,
    group: 'sales',
    source: 'manual',
    ...people,
  })
}

/** A sales agent, a retention agent and a manager of the test's own, and a lead they work (visible to roles 1, 5 and 6 through them). */
async function workedLead(phone: string | null = '+44 7414 992548') {
  const agent = await UserFactory.apply('agent').create()
  const retention = await UserFactory.apply('retention').create()
  const manager = await UserFactory.apply('manager').create()
  const lead = await leadOf(
    { agentId: agent.id, retAgentId: retention.id, managerId: manager.id },
    phone
  )
  return { lead, agent, retention, manager }
}

const newAdmin = () => UserFactory.apply('admin').create()

/** Voiso knows this staff member's sign-in e-mail too (for the test under way). */
function knownToVoiso(user: User) {
  fake.agents.push({ email: user.email, ext: String(9_000_000 + user.id), status: 'available' })
  return user
}

const callsOf = (leadId: number) => LeadCall.query().where('lead_id', leadId).orderBy('id', 'asc')

test.group('Voiso calls', (group) => {
  isolate(group)
  group.setup(async () => {
    fake = await VoisoFake.start({ apiKey: KEY, agents: AGENTS })
    overrideProviderBase('voiso', fake.base)
    return async () => {
      overrideProviderBase('voiso', null)
      await fake.close()
    }
  })
  group.each.setup(async () => {
    fake.requests = []
    fake.agents = [...AGENTS]
    voisoTimeouts.requestMs = 8_000
    await configure()
    await showUserInfoAgent(true)
  })

  test('GET /admin/crm/voiso/agents lists e-mail, extension and lower-cased status', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'get', '/admin/crm/voiso/agents').loginAs(await newAdmin())
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      agents: [
        { email: DEMO.agent, ext: '7777', status: 'available' },
        { email: DEMO.retention, ext: '5555', status: 'unavailable' },
        { email: DEMO.admin, ext: '1001', status: 'dialer waiting' },
        { email: DEMO.manager, ext: '1002', status: 'outbound' },
      ],
    })
    assert.lengthOf(fake.requests, 1)
    assert.containsSubset(fake.requests[0], {
      cluster: CLUSTER,
      key: KEY,
      call: 'agents_status',
      method: 'GET',
    })
  })

  for (const role of [1, 2, 5, 6] as RoleId[]) {
    test(`role ${role} may list agents and start a call`, async ({ client }) => {
      const desk = await workedLead()
      const actor = knownToVoiso(
        role === 5
          ? desk.agent
          : role === 6
            ? desk.retention
            : await UserFactory.apply(role === 1 ? 'admin' : 'manager').create()
      )
      // Unassigned: the manager sees it too.
      const lead = role === 2 ? await leadOf({}) : desk.lead
      ;(await api(client, 'get', '/admin/crm/voiso/agents').loginAs(actor)).assertStatus(200)
      const response = await api(client, 'post', '/admin/crm/voiso/startCall', {
        leadId: lead.id,
        agentEmail: actor.email,
      }).loginAs(actor)
      response.assertStatus(200)
      response.assertBody({ message: 'Call started successfully' })
    })
  }

  for (const role of [3, 4] as RoleId[]) {
    test(`role ${role} gets 403 from both routes and Voiso hears nothing`, async ({
      client,
      assert,
    }) => {
      const actor = await (role === 3 ? UserFactory : UserFactory.apply('affiliate')).create()
      const { lead } = await workedLead()
      ;(await api(client, 'get', '/admin/crm/voiso/agents').loginAs(actor)).assertStatus(403)
      const response = await api(client, 'post', '/admin/crm/voiso/startCall', {
        leadId: lead.id,
        agentEmail: DEMO.agent,
      }).loginAs(actor)
      response.assertStatus(403)
      assert.lengthOf(fake.requests, 0)
      assert.lengthOf(await callsOf(lead.id), 0)
    })
  }

  test('a visitor is asked to log in', async ({ client }) => {
    const response = await api(client, 'get', '/admin/crm/voiso/agents')
    response.assertStatus(401)
  })

  test('a call started: Voiso saw the agent, the number in E.164 digits, the lead id and the key; the attempt and its audit row are kept', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const { lead } = await workedLead('+44 (7414) 992-548')
    const response = await api(client, 'post', '/admin/crm/voiso/startCall', {
      leadId: lead.id,
      agentEmail: DEMO.agent,
      phone: '+1 999 999 9999',
    }).loginAs(admin)
    response.assertStatus(200)
    response.assertBody({ message: 'Call started successfully' })

    assert.lengthOf(fake.calls, 1)
    assert.containsSubset(fake.calls[0], {
      cluster: CLUSTER,
      key: KEY,
      method: 'POST',
      params: {
        agent: DEMO.agent,
        number: '447414992548',
        account_id: String(lead.id),
        get_call_id: true,
      },
    })
    const calls = await callsOf(lead.id)
    assert.lengthOf(calls, 1)
    assert.containsSubset(calls[0].serialize(), {
      userId: admin.id,
      agentEmail: DEMO.agent,
      result: 'started',
      message: 'Call started successfully',
    })
    assert.match(calls[0].providerCallId!, /^00000000-0000-4000-8000-\d{12}$/)
    const audit = await auditRows({ action: 'lead.call', targetId: lead.id })
    assert.lengthOf(audit, 1)
    assert.equal(audit[0].target_type, 'lead')
    assert.equal(audit[0].staff_id, admin.id)
    const changes = JSON.parse(audit[0].changes)
    assert.equal(changes.result.after, 'started')
    assert.equal(changes.agentEmail.after, DEMO.agent)
    assert.equal(changes.callId.after, calls[0].id)
    assert.notInclude(audit[0].changes, '7414992548')
  })

  test("Voiso's 'User not found' is the answer (422), and the failed attempt is recorded", async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const { lead } = await workedLead()
    const response = await api(client, 'post', '/admin/crm/voiso/startCall', {
      leadId: lead.id,
      agentEmail: 'nobody@voiso.test',
    }).loginAs(admin)
    response.assertStatus(422)
    assert.equal(response.body().message, VOISO_USER_NOT_FOUND)
    const calls = await callsOf(lead.id)
    assert.lengthOf(calls, 1)
    assert.containsSubset(calls[0].serialize(), {
      agentEmail: 'nobody@voiso.test',
      result: 'failed',
      message: VOISO_USER_NOT_FOUND,
      providerCallId: null,
    })
    const audit = await auditRows({ action: 'lead.call', targetId: lead.id })
    assert.lengthOf(audit, 1)
    assert.equal(JSON.parse(audit[0].changes).result.after, 'failed')
  })

  test("Voiso's rate limit (429) is passed on with its message and recorded", async ({
    client,
    assert,
  }) => {
    const { lead } = await workedLead()
    fake.answerNext(429, { errors: 'Rate limit exceeded' })
    const response = await api(client, 'post', '/admin/crm/voiso/startCall', {
      leadId: lead.id,
      agentEmail: DEMO.agent,
    }).loginAs(await newAdmin())
    response.assertStatus(429)
    assert.equal(response.body().message, 'Rate limit exceeded')
    const calls = await callsOf(lead.id)
    assert.deepEqual(
      calls.map((c) => [c.result, c.message]),
      [['failed', 'Rate limit exceeded']]
    )
  })

  test("a refused key (403) is a 502 with Voiso's words; a 5xx or a garbled answer a 502 with ours", async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const { lead } = await workedLead()
    await configure({ value2: 'a-wrong-key' })
    const refused = await api(client, 'post', '/admin/crm/voiso/startCall', {
      leadId: lead.id,
      agentEmail: DEMO.agent,
    }).loginAs(admin)
    refused.assertStatus(502)
    assert.equal(refused.body().message, 'Invalid key')
    await configure()

    for (const [status, body] of [
      [500, { errors: 'boom' }],
      [200, '<html>not json</html>'],
    ] as const) {
      await clearCallGap(admin.id)
      fake.answerNext(status, body)
      const response = await api(client, 'post', '/admin/crm/voiso/startCall', {
        leadId: lead.id,
        agentEmail: DEMO.agent,
      }).loginAs(admin)
      response.assertStatus(502)
      assert.oneOf(response.body().message, [
        'Voiso could not be reached',
        'Voiso sent an answer that could not be read',
      ])
    }
    assert.deepEqual(
      (await callsOf(lead.id)).map((c) => c.result),
      ['failed', 'failed', 'failed']
    )
  })

  test('a Voiso that does not answer ends in 502 after the timeout, recorded as failed', async ({
    client,
    assert,
  }) => {
    voisoTimeouts.requestMs = 300
    const admin = await newAdmin()
    const { lead } = await workedLead()
    fake.hangNext()
    const response = await api(client, 'post', '/admin/crm/voiso/startCall', {
      leadId: lead.id,
      agentEmail: DEMO.agent,
    }).loginAs(admin)
    response.assertStatus(502)
    assert.equal(response.body().message, 'Voiso did not answer in time')
    assert.deepEqual(
      (await callsOf(lead.id)).map((c) => [c.result, c.message]),
      [['failed', 'Voiso did not answer in time']]
    )

    fake.hangNext()
    const agents = await api(client, 'get', '/admin/crm/voiso/agents').loginAs(admin)
    agents.assertStatus(502)
    assert.equal(agents.body().message, 'Voiso did not answer in time')
  })

  test('the agents list: a refused key or an answer that is no list is a 502, never a 500', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    fake.answerNext(403, { error: 'Invalid key' })
    const refused = await api(client, 'get', '/admin/crm/voiso/agents').loginAs(admin)
    refused.assertStatus(502)
    assert.equal(refused.body().message, 'Invalid key')
    fake.answerNext(200, { not: 'a list' })
    const odd = await api(client, 'get', '/admin/crm/voiso/agents').loginAs(admin)
    odd.assertStatus(502)
    assert.equal(odd.body().message, 'Voiso sent an answer that could not be read')
  })

  test('not configured (no key, no cluster, or a cluster id that is no host label): 422, nothing sent or recorded', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const { lead } = await workedLead()
    for (const values of [
      { value2: null },
      { value1: null },
      { value1: '' },
      { value1: 'evil.example.com/x' },
    ]) {
      await configure(values)
      const agents = await api(client, 'get', '/admin/crm/voiso/agents').loginAs(admin)
      agents.assertStatus(422)
      agents.assertBody({ message: 'Voiso is not configured', errors: [] })
      const call = await api(client, 'post', '/admin/crm/voiso/startCall', {
        leadId: lead.id,
        agentEmail: DEMO.agent,
      }).loginAs(admin)
      call.assertStatus(422)
      assert.equal(call.body().message, 'Voiso is not configured')
    }
    // Under tests, a key saved with no fake to point at counts as not configured: nothing reaches voiso.com.
    await configure()
    overrideProviderBase('voiso', null)
    try {
      const agents = await api(client, 'get', '/admin/crm/voiso/agents').loginAs(admin)
      agents.assertStatus(422)
    } finally {
      overrideProviderBase('voiso', fake.base)
    }
    assert.lengthOf(fake.requests, 0)
    assert.lengthOf(await callsOf(lead.id), 0)
  })

  test("another agent's lead is 404 for a sales agent and a retention agent; nothing sent or recorded", async ({
    client,
    assert,
  }) => {
    const otherAgent = await UserFactory.apply('agent').create()
    const otherRetention = await UserFactory.apply('retention').create()
    const lead = await leadOf({ agentId: otherAgent.id, retAgentId: otherRetention.id })
    for (const actor of [
      await UserFactory.apply('agent').create(),
      await UserFactory.apply('retention').create(),
    ]) {
      const response = await api(client, 'post', '/admin/crm/voiso/startCall', {
        leadId: lead.id,
        agentEmail: actor.email,
      }).loginAs(actor)
      response.assertStatus(404)
    }
    // An id that names nothing answers the same.
    const missing = await api(client, 'post', '/admin/crm/voiso/startCall', {
      leadId: lead.id + 100_000,
      agentEmail: DEMO.agent,
    }).loginAs(await newAdmin())
    missing.assertStatus(404)
    assert.lengthOf(fake.requests, 0)
    assert.lengthOf(await callsOf(lead.id), 0)
  })

  test('a lead without a phone, or with a number Voiso cannot dial, is 422 and nothing is sent', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    for (const [phone, message] of [
      [null, 'This lead has no phone number'],
      ['   ', 'This lead has no phone number'],
      ['0612 345 678', 'The phone number is not a valid international number'],
      ['call me', 'The phone number is not a valid international number'],
    ] as const) {
      const { lead } = await workedLead(phone)
      const response = await api(client, 'post', '/admin/crm/voiso/startCall', {
        leadId: lead.id,
        agentEmail: DEMO.agent,
      }).loginAs(admin)
      response.assertStatus(422)
      assert.equal(response.body().message, message)
      assert.lengthOf(await callsOf(lead.id), 0)
    }
    assert.lengthOf(fake.requests, 0)
  })

  test('bad input is 422 under its field, nothing sent', async ({ client, assert }) => {
    const admin = await newAdmin()
    const { lead } = await workedLead()
    for (const [body, field, message] of [
      [{ agentEmail: DEMO.agent }, 'leadId', 'Lead is required'],
      [{ leadId: 'abc', agentEmail: DEMO.agent }, 'leadId', 'Lead is required'],
      [{ leadId: [lead.id], agentEmail: DEMO.agent }, 'leadId', 'Lead is required'],
      [{ leadId: lead.id }, 'agentEmail', 'Choose an agent'],
      [{ leadId: lead.id, agentEmail: 'not-an-email' }, 'agentEmail', 'Choose an agent'],
      [{ leadId: lead.id, agentEmail: { a: 1 } }, 'agentEmail', 'Choose an agent'],
    ] as const) {
      const response = await api(client, 'post', '/admin/crm/voiso/startCall', body).loginAs(admin)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(body))
    }
    assert.lengthOf(fake.requests, 0)
    assert.lengthOf(await callsOf(lead.id), 0)
  })

  test('showUserInfoAgent off: agents call only as themselves; admins and managers choose anyone', async ({
    client,
    assert,
  }) => {
    await showUserInfoAgent(false)
    const { lead, agent, retention } = await workedLead()
    for (const actor of [knownToVoiso(agent), knownToVoiso(retention)]) {
      const refused = await api(client, 'post', '/admin/crm/voiso/startCall', {
        leadId: lead.id,
        agentEmail: DEMO.admin,
      }).loginAs(actor)
      refused.assertStatus(403)
      assert.equal(refused.body().message, 'You can only call as yourself')
      const own = await api(client, 'post', '/admin/crm/voiso/startCall', {
        leadId: lead.id,
        agentEmail: actor.email.toUpperCase(),
      }).loginAs(actor)
      // Voiso's fake knows the e-mail in lower case only: the rule passed, Voiso answered.
      assert.notEqual(own.status(), 403)
    }
    const admin = await newAdmin()
    const chosen = await api(client, 'post', '/admin/crm/voiso/startCall', {
      leadId: lead.id,
      agentEmail: DEMO.retention,
    }).loginAs(admin)
    chosen.assertStatus(200)
    assert.deepEqual(
      fake.calls.map((c) => c.params.agent),
      [agent.email.toUpperCase(), retention.email.toUpperCase(), DEMO.retention]
    )

    // With it on, an agent may pick another agent.
    await showUserInfoAgent(true)
    await clearCallGap(agent.id)
    const other = await api(client, 'post', '/admin/crm/voiso/startCall', {
      leadId: lead.id,
      agentEmail: DEMO.retention,
    }).loginAs(agent)
    other.assertStatus(200)
  })

  test('the throttle: a second start within the gap is 429 and reaches neither Voiso nor the record; the minute budget holds too', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const { lead } = await workedLead()
    const send = () =>
      api(client, 'post', '/admin/crm/voiso/startCall', {
        leadId: lead.id,
        agentEmail: DEMO.agent,
      }).loginAs(admin)
    ;(await send()).assertStatus(200)
    const second = await send()
    second.assertStatus(429)
    assert.equal(
      second.body().message,
      'Too many call attempts. Please wait a moment and try again'
    )
    assert.lengthOf(fake.calls, 1)
    assert.lengthOf(await callsOf(lead.id), 1)

    // Someone else is not held by it.
    const manager = await UserFactory.apply('manager').create()
    const unassigned = await leadOf({})
    const managers = await api(client, 'post', '/admin/crm/voiso/startCall', {
      leadId: unassigned.id,
      agentEmail: DEMO.agent,
    }).loginAs(manager)
    managers.assertStatus(200)

    for (let i = 1; i < VOISO_LIMITS.callsPerMinute; i++) {
      await clearCallGap(admin.id)
      ;(await send()).assertStatus(200)
    }
    await clearCallGap(admin.id)
    ;(await send()).assertStatus(429)
    assert.lengthOf(await callsOf(lead.id), VOISO_LIMITS.callsPerMinute)
  })

  test('the agents list has its own budget per staff member', async ({ client, assert }) => {
    const admin = await newAdmin()
    for (let i = 0; i < VOISO_LIMITS.agentListsPerMinute; i++) {
      ;(await api(client, 'get', '/admin/crm/voiso/agents').loginAs(admin)).assertStatus(200)
    }
    const refused = await api(client, 'get', '/admin/crm/voiso/agents').loginAs(admin)
    refused.assertStatus(429)
    assert.equal(
      refused.body().message,
      'Too many agent list requests. Please wait a moment and try again'
    )
    assert.lengthOf(fake.requests, VOISO_LIMITS.agentListsPerMinute)
  })

  test('failures are logged without the key (it sits in the URL path)', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const { lead } = await workedLead()
    const logged: unknown[] = []
    const warn = logger.warn
    logger.warn = ((...args: unknown[]) => void logged.push(args)) as typeof logger.warn
    try {
      fake.answerNext(400, { errors: VOISO_USER_NOT_FOUND })
      ;(
        await api(client, 'post', '/admin/crm/voiso/startCall', {
          leadId: lead.id,
          agentEmail: DEMO.agent,
        }).loginAs(admin)
      ).assertStatus(422)
      fake.answerNext(500, 'oops')
      ;(await api(client, 'get', '/admin/crm/voiso/agents').loginAs(admin)).assertStatus(502)
    } finally {
      logger.warn = warn
    }
    const text = JSON.stringify(logged)
    assert.isAbove(logged.length, 1)
    assert.include(text, 'Voiso request failed')
    assert.notInclude(text, KEY)
    assert.notInclude(text, encodeURIComponent(KEY))
    assert.notInclude(text, 'voiso-test-key')
  })

  test('concurrent starts by one staff member: exactly one reaches Voiso', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const { lead } = await workedLead()
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        api(client, 'post', '/admin/crm/voiso/startCall', {
          leadId: lead.id,
          agentEmail: DEMO.agent,
        }).loginAs(admin)
      )
    )
    assert.sameMembers(
      responses.map((r) => r.status()),
      [200, 429, 429]
    )
    assert.lengthOf(fake.calls, 1)
    assert.equal(
      Number((await db.from('lead_calls').where('lead_id', lead.id).count('* as n'))[0].n),
      1
    )
  })
})

import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import Lead from '#models/lead'
import { UserFactory } from '#database/factories/user_factory'
import { generateApiKey } from '#actions/affiliates/generate_api_key'
import { intakeBody } from '#tests/helpers/affiliates'

/*
 * Runs WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts):
 * each request has its own transaction and, on PostgreSQL, its own
 * connection, so the twenty copies really race. The rows it makes stay.
 */
const send = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`http://localhost:${env.get('PORT')}/api/v1/leads`, {
    method: 'POST',
    headers: { 'Authorization': `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

async function raceOf(headers: () => Record<string, string>, body: object) {
  const affiliate = await UserFactory.apply('affiliate').create()
  const key = await generateApiKey({ staff: affiliate })
  const responses = await Promise.all(Array.from({ length: 20 }, () => send(key, body, headers())))
  const answers = await Promise.all(
    responses.map(async (r) => ({ status: r.status, body: (await r.json()) as any }))
  )
  return { affiliate, answers }
}

test.group('Lead intake racing itself', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
  })

  test('the same request with one Idempotency-Key sent 20 times at once creates one lead; all get the first answer', async ({
    assert,
  }) => {
    const body = intakeBody({ email: `race-idem-${Date.now()}@leads.test` })
    const idempotencyKey = `race-${Date.now()}`
    const { answers } = await raceOf(() => ({ 'Idempotency-Key': idempotencyKey }), body)
    const statuses = answers.map((a) => a.status)
    assert.isTrue(
      statuses.every((s) => s === 201),
      JSON.stringify(statuses)
    )
    assert.lengthOf(new Set(answers.map((a) => a.body.id)), 1)
    const leads = await Lead.query().where('email', body.email)
    assert.lengthOf(leads, 1)
  }).timeout(60_000)

  test('the same lead without any idempotency key sent 20 times at once: one lead, the others told it is known', async ({
    assert,
  }) => {
    const body = intakeBody({ email: `race-plain-${Date.now()}@leads.test` })
    const { affiliate, answers } = await raceOf(() => ({}), body)
    const statuses = answers.map((a) => a.status)
    assert.equal(statuses.filter((s) => s === 201).length, 1, JSON.stringify(statuses))
    assert.equal(statuses.filter((s) => s === 200).length, 19, JSON.stringify(statuses))
    const leads = await Lead.query().where('email', body.email)
    assert.lengthOf(leads, 1)
    assert.equal(leads[0].affiliateId, affiliate.id)
    assert.isTrue(answers.every((a) => a.body.id === leads[0].id))
  }).timeout(60_000)
})

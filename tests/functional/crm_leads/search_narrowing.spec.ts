import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { forgetLeadTrigramShares, leadSearchOf } from '#queries/lead_search'
import { refreshLeadSearchTrigrams } from '#services/lead_search_trigrams'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { deskLead, deskStaff } from '#tests/helpers/crm_leads'

const isPg = () => db.connection().dialect.name === 'postgres'
const PG_ONLY = 'PostgreSQL only (SQLite has no trigram index, so no figures)'

const searchPath = (text: string, days = '') =>
  `/affiliate/leads/api/sales/All/all${days}?search=${encodeURIComponent(text)}&limit=50`

/**
 * Forty leads share the last-name prefix "Commonplace" (100 to 139): its
 * trigrams are in most rows, so the index gets only a search's rare part;
 * a decoy holds that part but not the whole text.
 */
async function commonplaceDesk() {
  const { admin } = await deskStaff()
  const named = new Map<number, number>()
  for (let n = 100; n < 140; n++) {
    named.set(n, (await deskLead({ lastName: `Commonplace${n}` })).id)
  }
  const decoy = await deskLead({ lastName: 'Other117' })
  const byFirstName = await deskLead({ firstName: 'COMMONPLACE117' })
  await refreshLeadSearchTrigrams(0)
  forgetLeadTrigramShares()
  return { admin, named, decoy, byFirstName }
}

test.group('Leads desks: a search narrowed to its rare part finds the same leads', (group) => {
  isolate(group)
  group.each.teardown(() => forgetLeadTrigramShares())

  test('the whole text still decides: the rare part alone (a decoy) is not a match', async ({
    client,
    assert,
  }) => {
    const { admin, named, decoy, byFirstName } = await commonplaceDesk()
    const idsFor = async (text: string) => {
      const response = await api(client, 'get', searchPath(text)).loginAs(admin)
      response.assertStatus(200)
      return (response.body().data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b)
    }
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b)
    assert.deepEqual(await idsFor('commonplace117'), sorted([named.get(117)!, byFirstName.id]))
    assert.notInclude(await idsFor('commonplace117'), decoy.id)
    const tens = Array.from({ length: 10 }, (_, i) => named.get(120 + i)!)
    assert.deepEqual(await idsFor('OMMONPLACE12'), sorted(tens))
    assert.deepEqual(await idsFor('other117'), [decoy.id])
    assert.deepEqual(await idsFor('commonplace117x'), [])

    // A common word on a day's leads (a date range narrows them): checked on those rows.
    const today = DateTime.utc().toISODate()!
    const response = await api(
      client,
      'get',
      searchPath('commonplace', `/${today}/${today}`)
    ).loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().meta.total, 41, 'the forty last names and the first name')
  })

  test('the figures: common trigrams are kept with their share, and a search narrows by them', async ({
    assert,
  }) => {
    await commonplaceDesk()
    const leads = Number((await db.from('leads').count('* as n').first()).n)
    const com = await db
      .from('lead_search_trigrams')
      .where({ column_name: 'last_name', trigram: 'com' })
      .first()
    assert.closeTo(Number(com.share), 40 / leads, 1e-9, 'the last names Commonplace100–139')
    const search = await leadSearchOf('commonplace117')
    assert.equal(search.pieces.last_name, 'e117', 'only the rare part goes to the index')
    assert.equal(search.texts.last_name, 'commonplace117')
    assert.isTrue(search.indexed)
    assert.isTrue((await leadSearchOf('commonplace')).indexed, 'a common word on a whole desk')
    assert.isFalse((await leadSearchOf('commonplace', { narrowed: true })).indexed)
    assert.isTrue((await leadSearchOf('commonplace117', { narrowed: true })).indexed, 'not common')
    assert.isFalse(await refreshLeadSearchTrigrams(), 'a day-fresh table is left alone')
    assert.isTrue(await refreshLeadSearchTrigrams(0))
  }).skip(!isPg(), PG_ONLY)

  test('SQLite keeps the whole text for its scan', async ({ assert }) => {
    assert.isFalse(await refreshLeadSearchTrigrams(0))
    assert.deepEqual((await leadSearchOf('Commonplace117')).pieces, {})
  }).skip(isPg(), 'SQLite only')
})

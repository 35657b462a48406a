import { test } from '@japa/runner'
import {
  bulkMoveRefusal,
  dateColumnOf,
  listScope,
  mayMoveTo,
  notePreview,
} from '#domain/lead_desks'
import { Roles } from '#domain/roles'

test.group('leads desks rules (app/domain/lead_desks.ts)', () => {
  test('each role moves only as its toolbar offers', ({ assert }) => {
    for (const to of ['sales', 'retentions', 'archived'] as const) {
      assert.isTrue(mayMoveTo(Roles.ADMIN, to))
      assert.isTrue(mayMoveTo(Roles.MANAGER, to))
      assert.isFalse(mayMoveTo(Roles.CUSTOMER, to))
      assert.isFalse(mayMoveTo(Roles.AFFILIATE, to))
    }
    assert.isTrue(mayMoveTo(Roles.SALES_AGENT, 'retentions'))
    assert.isTrue(mayMoveTo(Roles.SALES_AGENT, 'archived'))
    assert.isFalse(mayMoveTo(Roles.SALES_AGENT, 'sales'))
    assert.isTrue(mayMoveTo(Roles.RETENTION_AGENT, 'archived'))
    assert.isFalse(mayMoveTo(Roles.RETENTION_AGENT, 'sales'))
    assert.isFalse(mayMoveTo(Roles.RETENTION_AGENT, 'retentions'))
  })

  test('a bulk move is refused whole when one lead cannot make it', ({ assert }) => {
    assert.isNull(bulkMoveRefusal(Roles.ADMIN, 'sales', [null, 'retentions', 'archived']))
    assert.equal(
      bulkMoveRefusal(Roles.ADMIN, 'retentions', ['sales', 'archived']),
      'Leads in archived cannot be moved to retentions'
    )
    assert.equal(
      bulkMoveRefusal(Roles.ADMIN, 'sales', ['sales']),
      'Leads in sales cannot be moved to sales'
    )
    assert.equal(
      bulkMoveRefusal(Roles.RETENTION_AGENT, 'sales', ['retentions']),
      'You may not move leads there'
    )
  })

  test('lists: desk, intake pool, the date column', ({ assert }) => {
    assert.deepEqual(listScope('new'), { group: 'sales', unassignedOnly: true })
    assert.deepEqual(listScope('clients'), { group: null, unassignedOnly: false })
    assert.equal(dateColumnOf('clients'), 'registered_at')
    assert.equal(dateColumnOf('archived'), 'registered_at')
    assert.equal(dateColumnOf('sales'), 'created_at')
    assert.equal(dateColumnOf('retentions'), 'created_at')
  })

  test('the notes preview: 12 characters and an ellipsis; nothing without a note', ({ assert }) => {
    assert.equal(notePreview('Interested in gold'), 'Interested i…')
    assert.equal(notePreview('Short'), 'Short…')
    assert.equal(notePreview(''), '')
    assert.equal(notePreview(undefined), '')
    assert.equal(notePreview('😀'.repeat(20)), `${'😀'.repeat(12)}…`)
  })
})

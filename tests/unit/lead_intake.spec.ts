import { test } from '@japa/runner'
import {
  accountNameOf,
  blankToNull,
  CSV_COLUMNS,
  CSV_EXAMPLE,
  csvColumnIndex,
  LEAD_FIELD_MAX,
  LEAD_PHONE,
  leadEditScope,
  missingCsvColumns,
} from '#domain/lead_intake'
import { LEAD_FIELD_MESSAGES } from '#validators/lead_admin'

test.group('Lead intake rules', () => {
  test('what each role may change in the edit dialog', ({ assert }) => {
    assert.equal(leadEditScope(1), 'all')
    assert.equal(leadEditScope(2), 'no-manager')
    assert.equal(leadEditScope(5), 'status-only')
    assert.equal(leadEditScope(6), 'status-only')
  })

  test('the CSV header: an email or a phone column needed, the rest optional, any order or case, a BOM ignored', ({
    assert,
  }) => {
    assert.deepEqual(missingCsvColumns([...CSV_COLUMNS]), [])
    assert.deepEqual(missingCsvColumns(['\uFEFFFIRSTNAME', ...CSV_COLUMNS.slice(1)].reverse()), [])
    assert.deepEqual(missingCsvColumns(['email', ' phone ']), [])
    assert.deepEqual(missingCsvColumns(['firstName', ' PHONE ']), [])
    assert.deepEqual(missingCsvColumns(['\uFEFFEmail']), [])
    assert.deepEqual(missingCsvColumns(['firstName', 'lastName', 'city']), ['email', 'phone'])
    const index = csvColumnIndex(['x', 'EMAIL', 'firstName', 'email'])
    assert.equal(index.email, 1)
    assert.equal(index.firstName, 2)
    assert.equal(index.city, -1)
  })

  test('the example file has the header and two rows', ({ assert }) => {
    const lines = CSV_EXAMPLE.trim().split('\r\n')
    assert.lengthOf(lines, 3)
    assert.equal(lines[0], CSV_COLUMNS.join(','))
  })

  test('blanks, phones and the name a converted account gets', ({ assert }) => {
    assert.isNull(blankToNull('   '))
    assert.isNull(blankToNull(12))
    assert.equal(blankToNull(' a '), 'a')
    for (const ok of ['+34 600 123 456', '(020) 7946-0958', '600.123.456'])
      assert.isTrue(LEAD_PHONE.test(ok), ok)
    for (const bad of ['call me', '+', '12', '((((((', '+34 600 123 456 ext 9', '1'.repeat(41)])
      assert.isFalse(LEAD_PHONE.test(bad), bad)
    assert.equal(accountNameOf({ firstName: ' Ada ', lastName: null, email: 'a@b.c' }), 'Ada')
    assert.equal(accountNameOf({ firstName: null, lastName: null, email: 'ada.l@b.c' }), 'ada.l')
  })
})

test.group('Lead field messages', () => {
  test('each "at most N characters" message names the limit of its column (LEAD_FIELD_MAX)', ({
    assert,
  }) => {
    // The messages are literal (they are the keys of their translations), so a changed limit must change them too.
    let checked = 0
    for (const [key, message] of Object.entries(LEAD_FIELD_MESSAGES)) {
      const said = /at most (\d+) characters/.exec(message)
      if (!said) continue
      const field = key.split('.')[0] as keyof typeof LEAD_FIELD_MAX
      assert.property(LEAD_FIELD_MAX, field, key)
      assert.equal(Number(said[1]), LEAD_FIELD_MAX[field], key)
      checked++
    }
    assert.isAtLeast(checked, 7)
  })
})

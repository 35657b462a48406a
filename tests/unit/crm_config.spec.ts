import { test } from '@japa/runner'
import {
  CODE_ALPHABET,
  codeFromBytes,
  defaultChangeRefusal,
  memberIdsOf,
  statusInUseMessage,
  statusKey,
} from '#domain/crm_config'
import { randomCode } from '#actions/crm_config/codes'

test.group('CRM configuration rules', () => {
  test('status names compare trimmed, spaces collapsed, without case', ({ assert }) => {
    assert.equal(statusKey('  Call   Back '), 'call back')
    assert.equal(statusKey('NEW'), statusKey('new'))
  })

  test('only un-defaulting the default is refused', ({ assert }) => {
    assert.isString(defaultChangeRefusal({ wasDefault: true, isDefault: false }))
    assert.isNull(defaultChangeRefusal({ wasDefault: true, isDefault: true }))
    assert.isNull(defaultChangeRefusal({ wasDefault: false, isDefault: true }))
    assert.isNull(defaultChangeRefusal({ wasDefault: false, isDefault: false }))
  })

  test('the in-use refusal counts the leads', ({ assert }) => {
    assert.equal(statusInUseMessage(1), 'This status is used by 1 lead')
    assert.equal(statusInUseMessage(3), 'This status is used by 3 leads')
  })

  test('member rows: -2 and repeats dropped, order kept', ({ assert }) => {
    assert.deepEqual(memberIdsOf([{ id: -2 }, { id: 7 }, { id: 3 }, { id: 7 }, { id: -2 }]), [7, 3])
    assert.deepEqual(memberIdsOf([{ id: -2 }]), [])
  })

  test('codes: readable symbols only, unbiased (bytes past the last full cycle skipped)', ({
    assert,
  }) => {
    assert.notMatch(CODE_ALPHABET, /[0O1IL5S2Z8B]/)
    assert.equal(codeFromBytes(Uint8Array.from([0, 1, 24, 25]), 4), 'AC9A')
    // 250..255 are skipped (250 = 10 × 25): no symbol more likely than another.
    assert.equal(codeFromBytes(Uint8Array.from([250, 255, 0]), 1), 'A')
    assert.isNull(codeFromBytes(Uint8Array.from([250, 251]), 1))
    const codes = new Set(Array.from({ length: 200 }, () => randomCode(10)))
    assert.equal(codes.size, 200)
    for (const code of codes) assert.match(code, /^[ACDEFGHJKMNPQRTUVWXY34679]{10}$/)
  })
})

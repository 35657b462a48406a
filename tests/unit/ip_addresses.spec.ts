import { test } from '@japa/runner'
import { addressMatcher, parseAddressList } from '#domain/ip_addresses'

test.group('address lists (TRUSTED_PROXIES, staff IP whitelist)', () => {
  test('empty, blank or missing lists match nobody', ({ assert }) => {
    for (const text of [undefined, null, '', ' ', ' , ']) {
      assert.deepEqual(parseAddressList(text), { entries: [], errors: [] })
      const matches = addressMatcher(text)
      for (const address of ['127.0.0.1', '::1', '10.0.0.1', '203.0.113.7'])
        assert.isFalse(matches(address))
    }
  })

  test('single addresses, CIDR ranges, IPv6 and named ranges', ({ assert }) => {
    const matches = addressMatcher('203.0.113.7, 10.0.0.0/8 ,2001:db8::/32,loopback')
    for (const yes of ['203.0.113.7', '10.1.2.3', '2001:db8::1', '127.0.0.1', '127.9.9.9', '::1']) {
      assert.isTrue(matches(yes), yes)
    }
    for (const no of ['203.0.113.8', '11.0.0.1', '2001:db9::1', '192.168.1.1', '::2'])
      assert.isFalse(matches(no), no)
  })

  test('an IPv4 address written IPv6-mapped matches its IPv4 entry', ({ assert }) => {
    const matches = addressMatcher('loopback, 10.0.0.0/8')
    assert.isTrue(matches('::ffff:127.0.0.1'))
    assert.isTrue(matches('::ffff:10.20.30.40'))
    assert.isFalse(matches('::ffff:192.168.0.1'))
  })

  test('the names proxy-addr understands expand to their ranges', ({ assert }) => {
    assert.deepEqual(parseAddressList('loopback').entries, ['127.0.0.1/8', '::1/128'])
    const matches = addressMatcher('LinkLocal, uniquelocal')
    for (const yes of [
      '169.254.1.1',
      'fe80::1',
      '10.0.0.1',
      '172.16.5.5',
      '192.168.0.9',
      'fd00::1',
    ]) {
      assert.isTrue(matches(yes), yes)
    }
    assert.isFalse(matches('172.32.0.1'))
  })

  test('invalid entries are reported, and a matcher refuses to be built from them', ({
    assert,
  }) => {
    const { errors } = parseAddressList(
      '10.0.0.0/33, example.com, 10.0.0.1/8/2, 300.1.1.1, ::1/129, 1.2.3.4/x, *'
    )
    assert.deepEqual(errors, [
      '10.0.0.0/33',
      'example.com',
      '10.0.0.1/8/2',
      '300.1.1.1',
      '::1/129',
      '1.2.3.4/x',
      '*',
    ])
    assert.throws(() => addressMatcher('10.0.0.1, nonsense'), /nonsense/)
  })

  test('anything that is not an IP address never matches', ({ assert }) => {
    const matches = addressMatcher('0.0.0.0/0, ::/0')
    assert.isTrue(matches('8.8.8.8'))
    assert.isTrue(matches('2001:db8::1'))
    for (const junk of ['', 'unknown', 'localhost', '1.2.3', '8.8.8.8, 1.1.1.1'])
      assert.isFalse(matches(junk), junk)
  })
})

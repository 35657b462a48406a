import { test } from '@japa/runner'
import {
  fenceRefusal,
  leaseExpired,
  leaseFree,
  leaseHeldBy,
  leaseHolderId,
  leaseRenewable,
  nextEpoch,
  LEASE_RENEW_MS,
  LEASE_RETRY_MS,
  LEASE_TTL_MS,
  type LeaseRow,
} from '#domain/market_lease'

const row = (over: Partial<LeaseRow> = {}): LeaseRow => ({
  holder: 'a:1:abc',
  epoch: 4,
  expiresAt: 10_000,
  acquiredAt: 1_000,
  renewedAt: 7_000,
  ...over,
})

test.group('market lease rules', () => {
  test('a lease is expired from its expiry on, free when expired or never held', ({ assert }) => {
    assert.isFalse(leaseExpired(row(), 9_999))
    assert.isTrue(leaseExpired(row(), 10_000))
    assert.isFalse(leaseFree(row(), 9_999))
    assert.isTrue(leaseFree(row(), 10_001))
    assert.isTrue(leaseFree(row({ holder: null, expiresAt: 0 }), 5))
  })

  test('only the holder at its epoch, before expiry, may write', ({ assert }) => {
    assert.isTrue(leaseHeldBy(row(), 'a:1:abc', 4, 9_999))
    assert.isNull(fenceRefusal(row(), 'a:1:abc', 4, 9_999))
    assert.equal(fenceRefusal(row(), 'b:2:def', 4, 9_999), 'market lease held by a:1:abc')
    assert.equal(fenceRefusal(row(), 'a:1:abc', 3, 9_999), 'market lease epoch is 4, not 3')
    assert.equal(fenceRefusal(row(), 'a:1:abc', 4, 10_000), 'market lease expired')
    assert.equal(fenceRefusal(null, 'a:1:abc', 4, 0), 'no market lease row')
    assert.equal(
      fenceRefusal(row({ holder: null }), 'a:1:abc', 4, 0),
      'market lease held by nobody'
    )
    assert.isFalse(leaseHeldBy(row(), 'a:1:abc', 4, 10_000))
  })

  test('the holder may renew a lease that ran out while nobody took it, never one taken over', ({
    assert,
  }) => {
    assert.isTrue(leaseRenewable(row({ expiresAt: 0 }), 'a:1:abc', 4))
    assert.isFalse(leaseRenewable(row({ holder: 'b:2:def', epoch: 5 }), 'a:1:abc', 4))
    assert.isFalse(leaseRenewable(row({ epoch: 5 }), 'a:1:abc', 4))
    assert.isFalse(leaseRenewable(null, 'a:1:abc', 4))
  })

  test('a takeover is one epoch more; holder ids name host, pid and a random suffix', ({
    assert,
  }) => {
    assert.equal(nextEpoch(row()), 5)
    assert.equal(leaseHolderId('web-1', 4242, 'a1b2c3'), 'web-1:4242:a1b2c3')
  })

  test('a standby takes over within 5 s of the holder dying; the holder renews well inside the TTL', ({
    assert,
  }) => {
    // Worst case: the holder renewed just before dying and a standby had just tried.
    assert.isAtMost(LEASE_TTL_MS + LEASE_RETRY_MS, 5000)
    assert.isAtLeast(LEASE_TTL_MS / LEASE_RENEW_MS, 2)
  })
})

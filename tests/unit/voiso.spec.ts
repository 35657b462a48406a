import { test } from '@japa/runner'
import {
  agentStatusColor,
  isClusterId,
  normalizeAgentStatus,
  parseAgents,
  voisoErrorMessage,
  voisoNumber,
} from '#domain/voiso'

test.group('Voiso: the number it dials (E.164 digits without +)', () => {
  test('international forms become digits', ({ assert }) => {
    assert.equal(voisoNumber('+447414992548'), '447414992548')
    assert.equal(voisoNumber(' +44 7414 992548 '), '447414992548')
    assert.equal(voisoNumber('+1 (646) 157-2020'), '16461572020')
    assert.equal(voisoNumber('0044.7414.992548'), '447414992548')
    assert.equal(voisoNumber('447414992548'), '447414992548')
    assert.equal(voisoNumber('+34 612/345/678'), '34612345678')
  })

  test('nothing dialable gives null', ({ assert }) => {
    for (const phone of [
      null,
      undefined,
      '',
      '   ',
      '0612345678', // national: no country code
      '+0447414992548',
      '12345', // too short
      '+1234567890123456', // 16 digits: longer than E.164
      'call me',
      '+44 7414 992548 ext 2',
      '++447414992548',
    ]) {
      assert.isNull(voisoNumber(phone as string), String(phone))
    }
  })
})

test.group('Voiso: agents status', () => {
  test('statuses are lower case with single spaces', ({ assert }) => {
    assert.equal(normalizeAgentStatus('Available'), 'available')
    assert.equal(normalizeAgentStatus(' Dialer   waiting '), 'dialer waiting')
    assert.equal(normalizeAgentStatus('OUTBOUND'), 'outbound')
    assert.equal(normalizeAgentStatus(''), 'unknown')
    assert.equal(normalizeAgentStatus(null), 'unknown')
    assert.equal(normalizeAgentStatus(3), 'unknown')
  })

  test('the list keeps entries with an e-mail; ext as text', ({ assert }) => {
    assert.deepEqual(
      parseAgents([
        { email: 'pt@fg.com', ext: '7777', status: 'available' },
        { email: 'px@fg.com', ext: 5555, status: 'Unavailable' },
        { email: '', ext: '1', status: 'available' },
        { ext: '2', status: 'available' },
        null,
        'text',
        { email: 'py@fg.com' },
      ]),
      [
        { email: 'pt@fg.com', ext: '7777', status: 'available' },
        { email: 'px@fg.com', ext: '5555', status: 'unavailable' },
        { email: 'py@fg.com', ext: '', status: 'unknown' },
      ]
    )
    assert.isNull(parseAgents({ error: 'Invalid key' }))
    assert.isNull(parseAgents(null))
    assert.deepEqual(parseAgents([]), [])
  })

  test('chip colours: offline and unavailable red, inbound and outbound amber, available green', ({
    assert,
  }) => {
    assert.equal(agentStatusColor('offline'), 'danger')
    assert.equal(agentStatusColor('logout'), 'danger')
    assert.equal(agentStatusColor('unavailable'), 'danger')
    assert.equal(agentStatusColor('unavailable - lunch'), 'danger')
    assert.equal(agentStatusColor('inbound'), 'warning')
    assert.equal(agentStatusColor('outbound'), 'warning')
    assert.equal(agentStatusColor('available'), 'success')
    assert.equal(agentStatusColor('idle'), 'default')
    assert.equal(agentStatusColor('dialer waiting'), 'default')
  })
})

test.group('Voiso: its messages and cluster ids', () => {
  test('the message of a refusal, whatever its shape', ({ assert }) => {
    assert.equal(voisoErrorMessage('{"errors":"User not found"}'), 'User not found')
    assert.equal(voisoErrorMessage('{"error":"Invalid key"}'), 'Invalid key')
    assert.equal(voisoErrorMessage('{"errors":["a","b"]}'), 'a; b')
    assert.equal(voisoErrorMessage('{"errors":{"number":["is invalid"]}}'), 'is invalid')
    assert.equal(voisoErrorMessage('{"message":"Too many requests"}'), 'Too many requests')
    assert.equal(voisoErrorMessage('{"errors":"line\\nbreak"}'), 'line break')
    assert.lengthOf(voisoErrorMessage(JSON.stringify({ errors: 'x'.repeat(500) }))!, 200)
    assert.isNull(voisoErrorMessage('<html>'))
    assert.isNull(voisoErrorMessage(''))
    assert.isNull(voisoErrorMessage('{}'))
    assert.isNull(voisoErrorMessage('"text"'))
  })

  test('a cluster id is one host label', ({ assert }) => {
    assert.isTrue(isClusterId('cc-ams03'))
    assert.isTrue(isClusterId('cluster1'))
    for (const bad of ['', '-cc', 'cc-', 'a.b', 'evil.com/x', 'cc ams', 'x'.repeat(64), null]) {
      assert.isFalse(isClusterId(bad), String(bad))
    }
  })
})

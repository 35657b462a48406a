import { test } from '@japa/runner'
import { REDACTED, redactHeaders, redactUrl } from '#domain/redaction'

test.group('redactHeaders (error pages)', () => {
  test('keeps cookie names and drops their values', ({ assert }) => {
    const out = redactHeaders({ cookie: 'adonis-session=s3cr3t; XSRF-TOKEN=tok%3D%3D; theme=dark' })
    assert.equal(
      out.cookie,
      `adonis-session=${REDACTED}; XSRF-TOKEN=${REDACTED}; theme=${REDACTED}`
    )
  })

  test('hides credentials headers whatever their case, keeps the rest', ({ assert }) => {
    const out = redactHeaders({
      'Authorization': 'Bearer abc',
      'x-xsrf-token': 'tok',
      'X-CSRF-Token': 'tok',
      'proxy-authorization': 'Basic x',
      'accept': 'text/html',
      'user-agent': 'japa',
    })
    assert.deepEqual(out, {
      'Authorization': REDACTED,
      'x-xsrf-token': REDACTED,
      'X-CSRF-Token': REDACTED,
      'proxy-authorization': REDACTED,
      'accept': 'text/html',
      'user-agent': 'japa',
    })
  })
})

test.group('redactUrl (error pages)', () => {
  test('{url} → {shown}')
    .with([
      { url: '/reset-password/abcDEF123', shown: `/reset-password/${REDACTED}` },
      { url: '/verify-email/7?signature=s1g', shown: `/verify-email/7?signature=${REDACTED}` },
      {
        url: '/x?page=2&token=t&Signature=u',
        shown: `/x?page=2&token=${REDACTED}&Signature=${REDACTED}`,
      },
      { url: '/dashboard?tab=open', shown: '/dashboard?tab=open' },
      { url: '/x?%ZZ=1', shown: '/x?%ZZ=1' },
    ])
    .run(({ assert }, row) => assert.equal(redactUrl(row.url), row.shown))
})

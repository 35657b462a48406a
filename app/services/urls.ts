import env from '#start/env'

/**
 * Absolute base for links in e-mails and for payment providers' return and
 * notify addresses: APP_URL, else this server's own HOST and PORT. Never the
 * request's Host header: anyone can set it, and a reset link pointing at
 * their host would hand them the token (production refuses to boot without
 * APP_URL, config/app.ts).
 */
export function appBaseUrl() {
  const configured = env.get('APP_URL')
  if (configured) return configured.replace(/\/+$/, '')
  const host = env.get('HOST')
  return `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${env.get('PORT')}`
}

/*
| The demo accounts' published credentials (demo data only), in a module of
| their own so that what runs without the app booted (a benchmark signing the
| demo admin in over HTTP) can import them: seed_demo.ts imports models.
*/

export const DEMO_PASSWORD = 'demo12345'

/**
 * The demo staff accounts' two-factor key (two-factor login is mandatory for
 * staff): published like the demo password, so the demo's back office opens
 * with any authenticator app or `npm run demo:code`. Demo data only.
 */
export const DEMO_TOTP_KEY = 'BROKERDEMOSTAFFTWOFACTORKEY2345A'

/*
| npm run demo:code — the current two-factor code of the demo staff accounts.
|
| The demo staff are enrolled with the published key DEMO_TOTP_KEY
| (database/demo/seed_demo.ts), so this prints what an authenticator app set
| up with that key would show. It knows nothing else: no database, no APP_KEY,
| no other account's secret.
*/
import { TOTP } from 'otpauth'

const DEMO_TOTP_KEY = 'BROKERDEMOSTAFFTWOFACTORKEY2345A'

const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: DEMO_TOTP_KEY })
const left = 30 - (Math.floor(Date.now() / 1000) % 30)
console.log(`${totp.generate()}  (valid for ${left} s more; each code signs an account in once)`)

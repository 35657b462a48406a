/** Names, places and words the living broker's rows are made of. */

export const FIRST_NAMES = [
  'Liam', 'Emma', 'Noah', 'Olivia', 'Lucas', 'Mia', 'Hugo', 'Sofia', 'Mateo', 'Lea',
  'Elias', 'Clara', 'Jonas', 'Ana', 'Felix', 'Marta', 'Oscar', 'Nina', 'Adam', 'Julia',
  'Tomas', 'Ida', 'Leon', 'Eva', 'Samuel', 'Alice', 'David', 'Laura', 'Victor', 'Sara',
] // prettier-ignore

export const LAST_NAMES = [
  'Berger', 'Costa', 'Duval', 'Fischer', 'Garcia', 'Jensen', 'Moreau', 'Novak', 'Rossi', 'Silva',
  'Weber', 'Lopez', 'Martin', 'Kowalski', 'Bauer', 'Ferreira', 'Dubois', 'Hansen', 'Romano', 'Meyer',
  'Navarro', 'Lindqvist', 'Horvat', 'Schmidt', 'Santos', 'Bernard', 'Nilsen', 'Ricci', 'Vogel', 'Ortiz',
] // prettier-ignore

/** [country, cities, phone prefix]: phones are the prefix and 9 digits. */
export const PLACES: [string, string[], string][] = [
  ['Germany', ['Berlin', 'Munich', 'Hamburg', 'Cologne'], '+4915'],
  ['Spain', ['Madrid', 'Barcelona', 'Valencia', 'Seville'], '+346'],
  ['France', ['Paris', 'Lyon', 'Marseille', 'Toulouse'], '+336'],
  ['Italy', ['Milan', 'Rome', 'Turin', 'Naples'], '+393'],
  ['Portugal', ['Lisbon', 'Porto', 'Braga'], '+3519'],
  ['United Kingdom', ['London', 'Manchester', 'Leeds', 'Bristol'], '+447'],
  ['Netherlands', ['Amsterdam', 'Rotterdam', 'Utrecht'], '+316'],
  ['Poland', ['Warsaw', 'Krakow', 'Gdansk'], '+485'],
  ['Sweden', ['Stockholm', 'Gothenburg', 'Malmo'], '+467'],
  ['Austria', ['Vienna', 'Graz', 'Salzburg'], '+436'],
  ['Mexico', ['Mexico City', 'Guadalajara', 'Monterrey'], '+521'],
  ['Brazil', ['Sao Paulo', 'Rio de Janeiro', 'Curitiba'], '+5511'],
]

export const STREETS = [
  'Main Street',
  'Station Road',
  'Park Avenue',
  'Market Square',
  'Harbour Lane',
]

export const KYC_DECLINE_REASONS = [
  'The photo is blurred; please send a sharper picture of the whole document.',
  'The document has expired.',
  'The address document is older than three months.',
  'The name on the document does not match the account.',
]

export const WITHDRAWAL_DECLINE_REASONS = [
  'The bank account is not in the account holder’s name.',
  'The SWIFT code does not match the bank.',
  'Please verify your identity before withdrawing.',
]

export const BANKS = ['Deutsche Bank', 'Santander', 'BNP Paribas', 'ING', 'Revolut', 'UniCredit']

/** What agents write on a lead, by where the lead stands. */
export const SALES_NOTES = [
  'First call: interested in gold and EUR/USD, asked for the fee table.',
  'No answer, left a voicemail.',
  'Asked to be called back after work, around 18:00.',
  'Has traded stocks before; wants to try CFDs with a small amount.',
  'Sent the platform walkthrough by e-mail.',
  'Not interested for now, maybe next quarter.',
  'Wants to see the demo account first.',
  'Asked about crypto deposits (USDT).',
]

export const RETENTION_NOTES = [
  'Welcome call done; explained margin and stop-out.',
  'Client happy with execution; plans a second deposit.',
  'Reviewed open positions together; suggested a stop-loss.',
  'Asked about withdrawal times; explained bank processing.',
  'Upgrade to the Gold plan discussed.',
  'Client on holiday until next week.',
]

export const CALL_FAILURES = [
  'The call centre did not answer',
  'The number is not reachable',
  'Busy',
]

/** The trades' amounts per market: units for forex, ounces, barrels, shares, coins, contracts. */
export const AMOUNT_STEP: Record<string, string> = {
  forex: '1000',
  commodity: '1',
  index: '1',
  stock: '1',
  crypto: '0.01',
}

/** The instruments the demo's customers trade (all quoted in USD, like their wallets). */
export const TRADED = [
  'EUR_USD',
  'GBP_USD',
  'AUD_USD',
  'XAU_USD',
  'XAG_USD',
  'WTICO_USD',
  'SPX500_USD',
  'NAS100_USD',
  'AAPL',
  'TSLA',
  'NVDA',
  'BTC_USD',
  'ETH_USD',
]

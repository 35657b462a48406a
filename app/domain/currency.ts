/**
 * Wallet amounts (balances, ledger entries, fees, realized P/L) are kept in the
 * currency's minor unit, as brokers settle them: cents for the fiat currencies
 * the site offers. (Its own module so that formatting, which every page loads,
 * does not bring the money type's library with it.)
 */
export const CURRENCY_DECIMALS = 2

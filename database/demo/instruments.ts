import type { Category } from '#domain/instruments'

/** [name, base, quote, alias, mid price, typical spread, leverage, chart prefix] */
type Row = [string, string, string, string | null, string, string, number, string]

const rows: Record<Category, Row[]> = {
  forex: [
    ['EUR_USD', 'EUR', 'USD', 'Euro / US Dollar', '1.08450', '0.00008', 100, 'OANDA'],
    ['GBP_USD', 'GBP', 'USD', 'British Pound / US Dollar', '1.27120', '0.00012', 100, 'OANDA'],
    ['USD_JPY', 'USD', 'JPY', 'US Dollar / Japanese Yen', '151.420', '0.012', 100, 'OANDA'],
    ['USD_CHF', 'USD', 'CHF', 'US Dollar / Swiss Franc', '0.88340', '0.00014', 100, 'OANDA'],
    ['AUD_USD', 'AUD', 'USD', 'Australian Dollar / US Dollar', '0.65480', '0.00011', 100, 'OANDA'],
    ['USD_CAD', 'USD', 'CAD', 'US Dollar / Canadian Dollar', '1.36750', '0.00015', 100, 'OANDA'],
    ['NZD_USD', 'NZD', 'USD', 'New Zealand Dollar / US Dollar', '0.59820', '0.00016', 100, 'OANDA'],
    ['EUR_GBP', 'EUR', 'GBP', 'Euro / British Pound', '0.85310', '0.00012', 100, 'OANDA'],
    ['EUR_JPY', 'EUR', 'JPY', 'Euro / Japanese Yen', '164.210', '0.018', 100, 'OANDA'],
    ['GBP_JPY', 'GBP', 'JPY', 'British Pound / Japanese Yen', '192.480', '0.025', 100, 'OANDA'],
    ['EUR_CHF', 'EUR', 'CHF', 'Euro / Swiss Franc', '0.95810', '0.00018', 100, 'OANDA'],
    ['AUD_JPY', 'AUD', 'JPY', 'Australian Dollar / Japanese Yen', '99.150', '0.018', 100, 'OANDA'],
    ['EUR_AUD', 'EUR', 'AUD', 'Euro / Australian Dollar', '1.65620', '0.00025', 100, 'OANDA'],
    ['GBP_CHF', 'GBP', 'CHF', 'British Pound / Swiss Franc', '1.12290', '0.00024', 100, 'OANDA'],
    [
      'USD_CNH',
      'USD',
      'CNH',
      'US Dollar / Chinese Yuan Offshore',
      '7.24310',
      '0.00120',
      50,
      'OANDA',
    ],
    ['USD_SGD', 'USD', 'SGD', 'US Dollar / Singapore Dollar', '1.34520', '0.00030', 50, 'OANDA'],
    ['USD_MXN', 'USD', 'MXN', 'US Dollar / Mexican Peso', '17.08500', '0.00600', 50, 'OANDA'],
  ],
  commodity: [
    ['XAU_USD', 'XAU', 'USD', 'Gold', '2385.40', '0.35', 50, 'OANDA'],
    ['XAG_USD', 'XAG', 'USD', 'Silver', '28.412', '0.025', 50, 'OANDA'],
    ['WTICO_USD', 'WTICO', 'USD', 'WTI Crude Oil', '78.420', '0.030', 20, 'OANDA'],
    ['BCO_USD', 'BCO', 'USD', 'Brent Crude Oil', '82.610', '0.030', 20, 'OANDA'],
    ['NATGAS_USD', 'NATGAS', 'USD', 'Natural Gas', '2.6410', '0.0050', 20, 'OANDA'],
  ],
  index: [
    ['SPX500_USD', 'SPX500', 'USD', 'US S&P 500', '5285.40', '0.50', 20, 'OANDA'],
    ['NAS100_USD', 'NAS100', 'USD', 'US Nasdaq 100', '18520.60', '1.20', 20, 'OANDA'],
    ['US30_USD', 'US30', 'USD', 'US Wall St 30', '39450.20', '2.00', 20, 'OANDA'],
    ['DE30_EUR', 'DE30', 'EUR', 'Germany 40', '18610.50', '1.50', 20, 'OANDA'],
    ['UK100_GBP', 'UK100', 'GBP', 'UK 100', '8240.30', '1.00', 20, 'OANDA'],
    ['JP225_USD', 'JP225', 'USD', 'Japan 225', '38720.00', '8.00', 20, 'OANDA'],
  ],
  stock: [
    ['AAPL', 'AAPL', 'USD', 'Apple Inc.', '189.840', '0.040', 5, 'NASDAQ'],
    ['MSFT', 'MSFT', 'USD', 'Microsoft Corporation', '421.650', '0.080', 5, 'NASDAQ'],
    ['AMZN', 'AMZN', 'USD', 'Amazon.com Inc.', '183.120', '0.050', 5, 'NASDAQ'],
    ['GOOGL', 'GOOGL', 'USD', 'Alphabet Inc. Class A', '172.430', '0.050', 5, 'NASDAQ'],
    ['NVDA', 'NVDA', 'USD', 'NVIDIA Corporation', '118.560', '0.040', 5, 'NASDAQ'],
    ['TSLA', 'TSLA', 'USD', 'Tesla Inc.', '178.210', '0.060', 5, 'NASDAQ'],
    ['META', 'META', 'USD', 'Meta Platforms Inc.', '472.300', '0.090', 5, 'NASDAQ'],
    ['JPM', 'JPM', 'USD', 'JPMorgan Chase & Co.', '198.740', '0.050', 5, 'NYSE'],
  ],
  crypto: [
    ['BTC_USD', 'BTC', 'USD', 'Bitcoin', '67250.00', '12.00', 5, 'COINBASE'],
    ['ETH_USD', 'ETH', 'USD', 'Ethereum', '3480.50', '1.20', 5, 'COINBASE'],
    ['SOL_USD', 'SOL', 'USD', 'Solana', '168.420', '0.080', 5, 'COINBASE'],
    ['XRP_USD', 'XRP', 'USD', 'XRP', '0.52140', '0.00060', 5, 'BINANCE'],
    ['LTC_USD', 'LTC', 'USD', 'Litecoin', '82.450', '0.060', 5, 'COINBASE'],
    ['DOGE_USD', 'DOGE', 'USD', 'Dogecoin', '0.158200', '0.000200', 5, 'BINANCE'],
  ],
}

export interface DemoInstrument {
  name: string
  base: string
  quote: string
  alias: string | null
  category: Category
  mid: string
  spread: string
  leverage: number
  tradingview: string
}

export const DEMO_INSTRUMENTS: DemoInstrument[] = (Object.keys(rows) as Category[]).flatMap(
  (category) =>
    rows[category].map(([name, base, quote, alias, mid, spread, leverage, tradingview]) => ({
      name,
      base,
      quote,
      alias,
      category,
      mid,
      spread,
      leverage,
      tradingview,
    }))
)

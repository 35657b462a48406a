import QRCode from 'qrcode'
import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import { conversionRateFor } from '#queries/conversion_rate'
import { cryptoAmount } from '#domain/deposits'
import { midPrice } from '#domain/conversion'
import { money } from '#domain/money'
import { CRYPTO_GATEWAYS, type CryptoGateway } from '#domain/gateways'

const COIN_DECIMALS: Record<CryptoGateway, number> = { btc: 8, usdt: 2 }

/**
 * What the crypto deposit page shows for a deposit's total: the coin amount
 * at the live BTC_USD mid (USDT counted at 1 USD, the peg), through USD from
 * the wallet's currency; null when no price is known. The QR code is drawn
 * here from the configured address (BIP21 with the amount for Bitcoin), so
 * it can never point anywhere else than the address shown next to it.
 */
export async function cryptoPaymentData(
  gateway: CryptoGateway,
  address: string,
  total: string,
  currency: string
) {
  const toUsd = await conversionRateFor(currency, 'USD')
  let priceUsd: string | null = '1'
  if (gateway === 'btc') {
    const instrument = await Instrument.findBy('name', 'BTC_USD')
    const { bids, asks } = instrument ? priceBook.latest(instrument) : { bids: null, asks: null }
    priceUsd = bids && asks ? midPrice(bids, asks).toFixed() : null
  }
  const converted =
    toUsd && priceUsd
      ? cryptoAmount(money(total).times(toUsd), priceUsd, COIN_DECIMALS[gateway]).toFixed()
      : null
  const uri = gateway === 'btc' && converted ? `bitcoin:${address}?amount=${converted}` : address
  return {
    coin: CRYPTO_GATEWAYS[gateway],
    walletCode: address,
    convertedAmount: converted,
    qrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 }),
  }
}

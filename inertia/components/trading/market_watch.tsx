import { Tab, Tabs } from '@heroui/react'
import { CATEGORIES, CATEGORY_TABS, type Category } from '@domain/instruments'
import type { MarketStatus } from '@domain/market_hours'
import { isCategoryOpen } from '@domain/market_hours'
import type { LivePrice } from '~/hooks/use_prices'
import { useTranslation } from '~/hooks/use_translation'
import { PriceCell } from '~/components/trading/price_cell'

export interface WatchedInstrument {
  id: number
  name: string
  alias: string | null
  category: Category
  tradable: boolean
}

/**
 * The instrument list by category with live Sell (bid) and Buy (ask) prices,
 * a tradable dot and the 'Market Closed' overlay (customer spec §2). Search,
 * favorites and the order buttons come with the trading issue.
 */
export function MarketWatch(props: {
  instruments: WatchedInstrument[]
  prices: Record<string, LivePrice>
  marketStatus: MarketStatus
}) {
  const { t } = useTranslation()
  return (
    <Tabs
      aria-label={t('Markets')}
      size="sm"
      variant="underlined"
      classNames={{ tabList: 'w-full gap-0', tab: 'px-1 text-[11px]' }}
      data-testid="market-watch"
    >
      {CATEGORIES.map((category) => {
        const open = isCategoryOpen(category, props.marketStatus)
        const rows = props.instruments.filter((i) => i.category === category)
        const digits = category === 'stock' ? 3 : 7
        return (
          <Tab key={category} title={CATEGORY_TABS[category]}>
            <div className="relative max-h-[70vh] overflow-y-auto">
              {!open && (
                <div className="absolute inset-0 z-10 flex items-center justify-center bg-background/70 font-semibold" data-testid="market-closed">
                  {t('Market Closed')}
                </div>
              )}
              <table className="w-full text-small">
                <thead>
                  <tr className="text-left text-default-500">
                    <th className="py-1 font-medium">{t('Assets')}</th>
                    <th className="py-1 text-right font-medium">{t('Sell')}</th>
                    <th className="py-1 text-right font-medium">{t('Buy')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((i) => {
                    const price = props.prices[i.name]
                    return (
                      <tr key={i.id} className="border-t border-divider" data-testid={`instrument-${i.name}`}>
                        <td className="py-1.5">
                          <span
                            className={`mr-2 inline-block h-2 w-2 rounded-full ${i.tradable && open ? 'bg-success' : 'bg-danger'}`}
                            aria-label={i.tradable && open ? t('Tradable') : t('Not tradable')}
                          />
                          <span title={i.alias ?? undefined}>{i.name}</span>
                        </td>
                        <td className="py-1.5 text-right" data-testid={`bid-${i.name}`}>
                          <PriceCell value={price?.bids ?? null} previous={price?.prevBids ?? null} digits={digits} />
                        </td>
                        <td className="py-1.5 text-right" data-testid={`ask-${i.name}`}>
                          <PriceCell value={price?.asks ?? null} previous={price?.prevAsks ?? null} digits={digits} />
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          </Tab>
        )
      })}
    </Tabs>
  )
}

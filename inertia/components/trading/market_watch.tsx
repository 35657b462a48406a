import { useState } from 'react'
import { Input, Tab, Tabs } from '@heroui/react'
import { useInstrumentSearch } from '~/hooks/use_instrument_search'
import { CATEGORIES, CATEGORY_TABS, type Category } from '@domain/instruments'
import type { MarketStatus } from '@domain/market_hours'
import { isCategoryOpen, isInstrumentOpen } from '@domain/market_hours'
import {
  useMarketDown,
  useStaleInstruments,
  useWatchPrices,
  type LivePrice,
} from '~/hooks/use_prices'
import { useTranslation } from '~/hooks/use_translation'
import { PriceCell } from '~/components/trading/price_cell'

export interface WatchedInstrument {
  id: number
  name: string
  base: string
  quote: string
  alias: string | null
  category: Category
  tradable: boolean
  leverage: number
}

/**
 * The instrument list by category with live Sell (bid) and Buy (ask) prices,
 * a tradable dot, favorites and the 'Market Closed' overlay (customer spec §2).
 * With a search, one 'Search Results' tab replaces the five. The Sell and
 * Buy prices are the order buttons, disabled when the instrument cannot trade.
 */
export function MarketWatch(props: {
  instruments: WatchedInstrument[]
  prices: Record<string, LivePrice>
  marketStatus: MarketStatus
  favorites: Set<number>
  onToggleFavorite: (instrumentId: number) => void
  onSelect: (name: string) => void
  onTrade: (instrument: WatchedInstrument, type: 'buy' | 'sell') => void
}) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const [tab, setTab] = useState<Category>(CATEGORIES[0])
  const marketDown = useMarketDown()
  const results = useInstrumentSearch(props.instruments, query)
  const favoriteRows = props.instruments.filter((i) => props.favorites.has(i.id))
  // Live prices for what the list shows: the open tab (or the categories of the search results) and the favourites.
  useWatchPrices({
    categories: results ? [...new Set(results.map((i) => i.category))] : [tab],
    instruments: favoriteRows.map((i) => i.name),
  })
  const isOpen = (i: WatchedInstrument) => isInstrumentOpen(i, props.marketStatus)
  const tableProps = {
    prices: props.prices,
    favorites: props.favorites,
    onToggleFavorite: props.onToggleFavorite,
    onSelect: props.onSelect,
    onTrade: props.onTrade,
  }
  return (
    <>
      {marketDown && (
        <p
          role="status"
          className="rounded-small bg-danger-50 px-2 py-1 text-small text-danger"
          data-testid="prices-stopped"
        >
          {t('Prices are not updating')}
        </p>
      )}
      <Input
        size="sm"
        isClearable
        aria-label={t('Search')}
        placeholder={t('Search')}
        value={query}
        onValueChange={setQuery}
        data-testid="instrument-search"
      />
      {/* A native disclosure: HeroUI's accordion (~5 kB gzip) drew the same open-by-default section. */}
      <details open className="group" data-testid="favorite-pairs">
        <summary className="flex cursor-pointer list-none items-center justify-between py-2 text-medium [&::-webkit-details-marker]:hidden">
          {t('Favorite Pairs')}
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
            className="text-default-400 transition-transform group-open:-rotate-90"
          >
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </summary>
        {favoriteRows.length === 0 ? (
          <p className="pb-2 text-tiny text-default-500">
            {t('Star an instrument to pin it here.')}
          </p>
        ) : (
          <InstrumentTable {...tableProps} rows={favoriteRows} isOpen={isOpen} />
        )}
      </details>
      {results ? (
        <Tabs aria-label={t('Search Results')} size="sm" variant="underlined">
          <Tab key="results" title={t('Search Results')}>
            <div className="max-h-[70vh] overflow-y-auto" data-testid="search-results">
              {results.length === 0 ? (
                <p
                  className="py-4 text-center text-small text-default-500"
                  data-testid="search-empty"
                >
                  {t('No data found')}
                </p>
              ) : (
                <InstrumentTable {...tableProps} rows={results} isOpen={isOpen} />
              )}
            </div>
          </Tab>
        </Tabs>
      ) : (
        <Tabs
          aria-label={t('Markets')}
          size="sm"
          variant="underlined"
          classNames={{ tabList: 'w-full gap-0', tab: 'px-1 text-[11px]' }}
          data-testid="market-watch"
          // Followed, not controlled: a controlled selectedKey re-renders HeroUI's Tabs into a loop as prices stream.
          onSelectionChange={(key) => setTab(key as Category)}
        >
          {CATEGORIES.map((category) => {
            const open = isCategoryOpen(category, props.marketStatus)
            const rows = props.instruments.filter((i) => i.category === category)
            return (
              <Tab key={category} title={t(CATEGORY_TABS[category])}>
                <div className="relative max-h-[70vh] overflow-y-auto">
                  {!open && (
                    <div
                      className="absolute inset-0 z-10 flex items-center justify-center bg-background/70 font-semibold"
                      data-testid="market-closed"
                    >
                      {t('Market Closed')}
                    </div>
                  )}
                  <InstrumentTable {...tableProps} rows={rows} isOpen={(i) => open && isOpen(i)} />
                </div>
              </Tab>
            )
          })}
        </Tabs>
      )}
    </>
  )
}

/** Assets, Sell and Buy rows with the tradable dot, live prices and the favorite star. */
function InstrumentTable(props: {
  rows: WatchedInstrument[]
  prices: Record<string, LivePrice>
  isOpen: (i: WatchedInstrument) => boolean
  favorites: Set<number>
  onToggleFavorite: (instrumentId: number) => void
  onSelect: (name: string) => void
  onTrade: (instrument: WatchedInstrument, type: 'buy' | 'sell') => void
}) {
  const { t } = useTranslation()
  const stale = useStaleInstruments()
  const marketDown = useMarketDown()
  return (
    <table className="w-full text-small">
      <thead>
        <tr className="text-left text-default-500">
          <th className="py-1 font-medium">{t('Assets')}</th>
          <th className="py-1 text-right font-medium">{t('Sell')}</th>
          <th className="py-1 text-right font-medium">{t('Buy')}</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((i) => {
          const price = props.prices[i.name]
          // Red while the server refuses the instrument's orders for a stale price, too.
          const tradable = i.tradable && props.isOpen(i) && !stale.has(i.name)
          // Why the order buttons are off, when it is the price (the server's words).
          const why = !stale.has(i.name)
            ? undefined
            : marketDown
              ? t('Prices are not updating')
              : t('The price of this instrument is stale; trading resumes with fresh prices')
          const starred = props.favorites.has(i.id)
          return (
            <tr key={i.id} className="border-t border-divider" data-testid={`instrument-${i.name}`}>
              <td className="py-1.5">
                <button
                  type="button"
                  className={`mr-1 ${starred ? 'text-warning' : 'text-default-400'}`}
                  aria-label={starred ? t('Remove from favorites') : t('Add to favorites')}
                  aria-pressed={starred}
                  data-testid={`star-${i.name}`}
                  onClick={() => props.onToggleFavorite(i.id)}
                >
                  {starred ? '★' : '☆'}
                </button>
                <span
                  className={`mr-2 inline-block h-2 w-2 rounded-full ${tradable ? 'bg-success' : 'bg-danger'}`}
                  aria-label={tradable ? t('Tradable') : t('Not tradable')}
                  data-testid={`dot-${i.name}`}
                  data-tradable={tradable}
                />
                <button
                  type="button"
                  className="hover:underline"
                  title={i.alias ?? undefined}
                  onClick={() => props.onSelect(i.name)}
                  data-testid={`select-${i.name}`}
                >
                  {i.name}
                </button>
              </td>
              <td className="py-1.5 text-right" data-testid={`bid-${i.name}`}>
                <button
                  type="button"
                  className="rounded px-1 hover:bg-danger-50 disabled:cursor-not-allowed disabled:opacity-60"
                  disabled={!tradable || !price?.bids}
                  title={why}
                  aria-label={t('Sell {instrument}', { instrument: i.name })}
                  onClick={() => props.onTrade(i, 'sell')}
                  data-testid={`sell-${i.name}`}
                >
                  <PriceCell
                    value={price?.bids ?? null}
                    previous={price?.prevBids ?? null}
                    category={i.category}
                  />
                </button>
              </td>
              <td className="py-1.5 text-right" data-testid={`ask-${i.name}`}>
                <button
                  type="button"
                  className="rounded px-1 hover:bg-success-50 disabled:cursor-not-allowed disabled:opacity-60"
                  disabled={!tradable || !price?.asks}
                  title={why}
                  aria-label={t('Buy {instrument}', { instrument: i.name })}
                  onClick={() => props.onTrade(i, 'buy')}
                  data-testid={`buy-${i.name}`}
                >
                  <PriceCell
                    value={price?.asks ?? null}
                    previous={price?.prevAsks ?? null}
                    category={i.category}
                  />
                </button>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

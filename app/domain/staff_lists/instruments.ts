import type { ListField, StaffListDeclaration } from '../staff_list.js'
import { CATEGORIES, CATEGORY_TITLES, type Category } from '../instruments.js'

/**
 * An instrument as the staff list shows it and its edit modal fills in (admin
 * spec §2 Instruments list, §3 Instrument): bids and asks as the serving
 * process knows them now (the live quote, else the stored one).
 */
export interface InstrumentListRow {
  id: number
  name: string
  base: string
  quote: string
  category: Category
  bids: string | null
  asks: string | null
  tradingview: string | null
  alias: string | null
  leverage: number
  tradable: boolean
  swap: string
  swapLong: string | null
  swapShort: string | null
  exposureLimit: string | null
}

/** A side's own swap rate: empty charges the instrument's Swap both ways. */
const swapSide = (name: 'swapLong' | 'swapShort', label: string): ListField<InstrumentListRow> => ({
  name,
  label,
  kind: 'number',
  decimals: 4,
  signed: true,
  unit: '%',
  placeholder: 'Swap',
  hint: 'Annual %, positive = credit; empty: Swap charged both ways',
  empty: null,
  half: true,
})

/**
 * Instruments (admin spec §2 Instruments list): one page for the five
 * screens, its list (`/admin/instruments/api/{category}`) and heading by the
 * category of its path. ID, instrument, base, quote, bids, asks, chart
 * provider, alias, leverage, tradable, actions; add and edit in one record
 * modal with the path's category chosen; delete behind 'Are you sure to
 * delete this pair?'. A price left as the list showed it is not sent, so the
 * stored one stays (a live feed keeps it current).
 */
export const INSTRUMENT_LIST: StaffListDeclaration<InstrumentListRow> = {
  screen: 'admin.instruments.forex',
  routePrefix: 'admin.instruments',
  listParams: { category: 'category' },
  label: 'Instruments',
  labelFrom: { prop: 'category', labels: CATEGORY_TITLES },
  testId: 'instruments',
  editorTestId: 'instrument',
  columns: [
    { key: 'id', label: 'ID', kind: 'id' },
    { key: 'name', label: 'Instrument', kind: 'text' },
    { key: 'base', label: 'Base', kind: 'text' },
    { key: 'quote', label: 'Quote', kind: 'text' },
    { key: 'bids', label: 'Bids', kind: 'text', mono: true, empty: '-' },
    { key: 'asks', label: 'Asks', kind: 'text', mono: true, empty: '-' },
    { key: 'tradingview', label: 'Chart Provider', kind: 'text', empty: '-' },
    { key: 'alias', label: 'Alias', kind: 'text', empty: '-' },
    { key: 'leverage', label: 'Leverage', kind: 'number' },
    {
      key: 'tradable',
      label: 'Tradable',
      kind: 'yesNo',
      yes: 'Tradable',
      no: 'Not tradable',
      noColor: 'danger',
      testId: 'tradable',
    },
  ],
  writes: ['store', 'update', 'destroy'],
  form: {
    titles: { add: 'Add Instrument', edit: 'Edit Instrument' },
    fields: [
      {
        name: 'name',
        label: 'Instrument',
        kind: 'text',
        required: 'Name is required',
        empty: null,
      },
      {
        name: 'base',
        label: 'Base',
        kind: 'text',
        required: 'Base is required',
        empty: null,
        half: true,
      },
      {
        name: 'quote',
        label: 'Quote',
        kind: 'text',
        required: 'Quote is required',
        empty: null,
        half: true,
      },
      {
        name: 'category',
        label: 'Category',
        kind: 'select',
        choices: CATEGORIES.map((value) => ({ value, label: CATEGORY_TITLES[value] })),
        initialProp: 'category',
        required: 'Category is required',
        half: true,
      },
      {
        name: 'tradingview',
        label: 'Chart Provider',
        kind: 'text',
        required: 'Chart provider is required',
        empty: null,
        half: true,
      },
      {
        name: 'bids',
        label: 'Bids',
        kind: 'number',
        decimals: 8,
        empty: null,
        half: true,
        keptUnlessChanged: 'price',
      },
      {
        name: 'asks',
        label: 'Asks',
        kind: 'number',
        decimals: 8,
        empty: null,
        half: true,
        keptUnlessChanged: 'price',
      },
      {
        name: 'leverage',
        label: 'Leverage',
        kind: 'number',
        initial: '0',
        required: 'Leverage is required',
        empty: null,
        half: true,
      },
      {
        name: 'swap',
        label: 'Swap',
        kind: 'number',
        decimals: 4,
        signed: true,
        unit: '%',
        initial: '0',
        empty: '0',
        half: true,
      },
      {
        name: 'exposureLimit',
        label: 'Exposure limit',
        kind: 'number',
        decimals: 2,
        unit: 'USD',
        placeholder: 'No limit',
        empty: null,
        half: true,
      },
      swapSide('swapLong', 'Swap long'),
      swapSide('swapShort', 'Swap short'),
      { name: 'alias', label: 'Alias', kind: 'text', empty: null },
      { name: 'tradable', label: 'Tradable', kind: 'switch', initial: true },
    ],
  },
  deleteMessage: 'Are you sure to delete this pair?',
}

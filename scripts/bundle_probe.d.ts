/** Types for scripts/bundle_probe.js, so TypeScript tests can import it. */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export declare const APEXCHARTS_MARKER: string
export declare const CHART_PAGE: string
export declare const CHART_PAGES: string[]
export declare function chartChunks(
  manifest: Manifest,
  assetsDir: string,
  marker?: string
): string[]
export declare function staticClosure(
  manifest: Manifest,
  key: string,
  seen?: Set<string>
): Set<string>
export declare function apexchartsReach(
  manifest: Manifest,
  charts: string[]
): { staticOffenders: string[]; dynamicImporters: string[] }
export declare function probeBundle(assetsDir: string): string[]

export interface Budget {
  pattern: RegExp
  bytes: number
  goal: number
  label: string
}
export interface FirstLoad {
  page: string
  bytes: number
  budget: Budget | null
  files: string[]
}
export declare const APP_ENTRY: string
export declare const BUDGETS: Budget[]
export declare function budgetFor(page: string, budgets?: Budget[]): Budget | null
export declare function firstLoadFiles(manifest: Manifest, page: string, entry?: string): string[]
export declare function firstLoads(
  manifest: Manifest,
  sizeOf: (file: string) => number,
  entry?: string,
  budgets?: Budget[]
): FirstLoad[]
export declare function pagesWithoutKey(manifest: Manifest, entry?: string): string[]
export declare function overBudget(loads: FirstLoad[]): string[]
export declare function kB(bytes: number): string
export declare function gzipSizer(assetsDir: string): (file: string) => number
export declare function budgetTable(loads: FirstLoad[]): string
export declare function probeBuild(assetsDir: string): { problems: string[]; loads: FirstLoad[] }

/** Types for scripts/bundle_probe.js, so TypeScript tests can import it. */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
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

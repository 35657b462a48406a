/** Types for scripts/served_files_probe.js, so TypeScript tests can import it. */
export declare const SECRET_MARKER: string
export declare const PLANTED_FILES: Record<string, string>
export declare function probePaths(appRoot: string): string[]
export declare function plantFiles(appRoot: string): () => void
export declare function probeServedFiles(baseUrl: string, appRoot: string): Promise<string[]>

/** Types for scripts/env_file.js, so TypeScript tests can import it. */

export function parseEnvFile(text: string): Record<string, string>
export function loadEnv(path: string): (key: string, fallback?: string) => string | undefined
export function retireCookieSessions(path: string): boolean

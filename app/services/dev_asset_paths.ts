import { join, posix } from 'node:path'
import { VITE_INTERNAL_PREFIXES, VITE_SERVED_FOLDERS } from '#config/dev_assets'

/**
 * True when a request path is one the development server's Vite may answer:
 * its own virtual paths or a file in a front-end folder. Anything encoded
 * twice, with backslashes, `.`/`..` segments or doubled slashes is refused
 * outright, so no spelling of a path can climb out of those folders.
 */
export function isDevAssetPath(rawUrl: string, projectRoot: string): boolean {
  const pathname = rawUrl.split(/[?#]/, 1)[0]
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return false
  }
  if (/[\\%\0]/.test(decoded) || posix.normalize(decoded) !== decoded) return false
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return false

  if (decoded.startsWith('/@fs/')) {
    const file = decoded.slice('/@fs'.length)
    return VITE_SERVED_FOLDERS.some((folder) => file.startsWith(`${join(projectRoot, folder)}/`))
  }
  return (
    VITE_INTERNAL_PREFIXES.some((prefix) => decoded.startsWith(prefix)) ||
    VITE_SERVED_FOLDERS.some((folder) => decoded.startsWith(`/${folder}/`))
  )
}

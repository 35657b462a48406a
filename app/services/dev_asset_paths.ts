import { realpathSync } from 'node:fs'
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
    return servedFolderPaths(projectRoot).some((folder) => file.startsWith(`${folder}/`))
  }
  return (
    VITE_INTERNAL_PREFIXES.some((prefix) => decoded.startsWith(prefix)) ||
    VITE_SERVED_FOLDERS.some((folder) => decoded.startsWith(`/${folder}/`))
  )
}

/**
 * The served folders as absolute paths, and where they really are: Vite asks
 * for a symlinked folder (a node_modules shared between git worktrees) under
 * its target's path.
 */
const servedPathsByRoot = new Map<string, string[]>()

function servedFolderPaths(projectRoot: string) {
  // Resolved once per root: this runs on every /@fs/ request of the dev server.
  let paths = servedPathsByRoot.get(projectRoot)
  if (!paths) {
    paths = resolveServedFolders(projectRoot)
    servedPathsByRoot.set(projectRoot, paths)
  }
  return paths
}

function resolveServedFolders(projectRoot: string) {
  return VITE_SERVED_FOLDERS.flatMap((folder) => {
    const path = join(projectRoot, folder)
    try {
      const real = realpathSync(path)
      return real === path ? [path] : [path, real]
    } catch {
      return [path]
    }
  })
}

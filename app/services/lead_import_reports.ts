import { readdir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'

/** Where the CSV imports' error reports live: one folder per uploader, never served. */
export const leadImportReportsRoot = () => app.makePath('storage/private/lead_imports')

export const leadImportReportPath = (userId: number, name: string) =>
  join(leadImportReportsRoot(), String(userId), `${name}.csv`)

/** Removes the reports last written before `before`; answers how many went. */
export async function pruneLeadImportReports(before: Date): Promise<number> {
  const root = leadImportReportsRoot()
  const folders = await readdir(root, { withFileTypes: true }).catch(() => [])
  let removed = 0
  for (const folder of folders) {
    if (!folder.isDirectory()) continue
    const dir = join(root, folder.name)
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const path = join(dir, name)
      const info = await stat(path).catch(() => null)
      if (!info?.isFile() || info.mtime >= before) continue
      // Gone already (another process pruned it) is as good as removed here.
      if (
        await unlink(path).then(
          () => true,
          () => false
        )
      )
        removed++
    }
  }
  return removed
}

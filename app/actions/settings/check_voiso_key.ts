import { VoisoClient, VoisoError, voisoConfig } from '#services/voiso_client'
import { clearVoisoProblem } from '#services/voiso_connection'

/**
 * After the Voiso card is saved (issue 21 item 8): the old key's problem is
 * forgotten and one agents list call judges the new key, so a key that cannot
 * connect shows on the admin dashboard at once, not at the first call. The
 * save stands either way (the answer is recorded by the client); nothing is
 * called while Voiso is not configured (and, in tests, not pointed at a fake).
 */
export async function checkVoisoKey(): Promise<void> {
  await clearVoisoProblem()
  const config = await voisoConfig()
  if (!config) return
  try {
    await new VoisoClient(config).agentsStatus()
  } catch (error) {
    if (!(error instanceof VoisoError)) throw error
  }
}

// STUB: replaced by helper B
/**
 * Which of these users are online now (one call per list page). The stub
 * answers nobody; the presence service replaces this file.
 */
export async function onlineUserIds(_ids: number[]): Promise<Set<number>> {
  return new Set()
}

import { api } from '~/lib/api'
import { toastError } from '~/lib/toast'
import { LOCAL_KEYS, writeLocal } from '~/lib/storage'
import { route } from '~/lib/routes'

/** Logs out, then goes to / (customer spec §4); failure toasts 'Something went wrong'. */
export async function logout() {
  try {
    await api('POST', route('auth.logout'))
    writeLocal(LOCAL_KEYS.backToAdmin, null)
    writeLocal(LOCAL_KEYS.retAgent, null)
    window.location.href = route('auth.login.show')
  } catch {
    toastError('Something went wrong')
  }
}

/** After Login as: the local markers of admin CRM spec §4 (backToAdmin; retAgent for a retention agent). */
export function startedLoginAs(retentionAgent: boolean) {
  writeLocal(LOCAL_KEYS.backToAdmin, 'enabled')
  writeLocal(LOCAL_KEYS.retAgent, retentionAgent ? 'enabled' : null)
}

/**
 * Leaves a login-as session: clears the local flags and returns to /admin
 * (the server names the staff member's own area, which for an agent is their desk).
 */
export async function backToAdmin() {
  writeLocal(LOCAL_KEYS.backToAdmin, null)
  writeLocal(LOCAL_KEYS.retAgent, null)
  let target = route('admin.dashboard')
  try {
    const answer = await api<{ redirect?: string }>('POST', route('impersonation.back'))
    if (answer.redirect?.startsWith('/')) target = answer.redirect
  } catch {
    /* not an impersonation session any more: /admin decides who may enter */
  }
  window.location.href = target
}

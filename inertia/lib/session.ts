import { api } from '~/lib/api'
import { toastError } from '~/lib/toast'
import { LOCAL_KEYS, writeLocal } from '~/lib/storage'

/** Logs out, then goes to / (customer spec §4); failure toasts 'Something went wrong'. */
export async function logout() {
  try {
    await api('POST', '/auth/logout')
    writeLocal(LOCAL_KEYS.backToAdmin, null)
    writeLocal(LOCAL_KEYS.retAgent, null)
    window.location.href = '/'
  } catch {
    toastError('Something went wrong')
  }
}

/** Leaves a login-as session: clears the local flags and returns to /admin. */
export async function backToAdmin() {
  writeLocal(LOCAL_KEYS.backToAdmin, null)
  writeLocal(LOCAL_KEYS.retAgent, null)
  try {
    await api('POST', '/authManager/back-to-admin')
  } catch {
    /* not an impersonation session any more: /admin decides who may enter */
  }
  window.location.href = '/admin'
}

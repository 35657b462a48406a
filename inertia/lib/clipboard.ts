import { toastError, toastSuccess } from '~/lib/toast'

/** Copies text and says so with the spec's toast ('Copied to clipboard'). */
export async function copyToClipboard(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    toastSuccess('Copied to clipboard')
  } catch {
    toastError('Something went wrong')
  }
}

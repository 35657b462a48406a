import { router } from '@inertiajs/react'
import { route } from '~/lib/routes'

/**
 * Sends the browser to a deposit's payment link (customer spec §7 POST
 * /deposits): the app's bank and crypto pages by an Inertia visit, any
 * other page by a full navigation — except Perfect Money, whose first step takes the
 * link's fields as a form posted to the link's address.
 */
export function goToPayment(gateway: string, paymentLink: string) {
  // The app's bank and crypto pages are Inertia pages; the PayPal page must load as a document (its own CSP).
  if (paymentLink.startsWith(`${route('deposits.index')}/`)) {
    router.visit(paymentLink)
    return
  }
  if (gateway === 'perfectmoney') {
    postHiddenForm(paymentLink)
    return
  }
  window.location.assign(paymentLink)
}

function postHiddenForm(link: string) {
  const url = new URL(link)
  const form = document.createElement('form')
  form.method = 'POST'
  form.action = `${url.origin}${url.pathname}`
  form.style.display = 'none'
  for (const [name, value] of url.searchParams) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.appendChild(input)
  }
  document.body.appendChild(form)
  form.submit()
}

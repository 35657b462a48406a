import { useBranding } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'

/**
 * The WhatsApp support link, shown when branding has a number. It sits in the
 * shell's footer rather than floating over the page: floating, it covered the
 * last column of tables (their action buttons) at the bottom right.
 */
export function WhatsAppWidget() {
  const { whatsapp } = useBranding()
  const { t } = useTranslation()
  if (!whatsapp) return null
  const digits = whatsapp.replace(/\D/g, '')
  return (
    <a
      href={`https://wa.me/${digits}`}
      target="_blank"
      rel="noreferrer noopener"
      aria-label={t('WhatsApp support')}
      data-testid="whatsapp-widget"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-[#25D366] shadow-md"
    >
      <svg viewBox="0 0 32 32" width="20" height="20" fill="#fff" aria-hidden="true">
        <path d="M16 3C9 3 3.4 8.6 3.4 15.6c0 2.4.7 4.7 1.9 6.7L3 29l6.9-2.2c1.9 1 4 1.6 6.1 1.6 7 0 12.6-5.6 12.6-12.6S23 3 16 3zm0 23.1c-1.9 0-3.8-.5-5.4-1.5l-.4-.2-4.1 1.3 1.3-4-.3-.4c-1.1-1.7-1.7-3.6-1.7-5.6C5.4 9.9 10.2 5.2 16 5.2s10.6 4.7 10.6 10.5S21.8 26.1 16 26.1zm5.8-7.8c-.3-.2-1.9-.9-2.2-1-.3-.1-.5-.2-.7.2-.2.3-.8 1-1 1.2-.2.2-.4.2-.7.1-.3-.2-1.4-.5-2.6-1.6-1-.9-1.6-1.9-1.8-2.2-.2-.3 0-.5.1-.7l.5-.6c.2-.2.2-.4.3-.6.1-.2 0-.4 0-.6l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6c-.2 0-.6.1-.9.4-.3.3-1.2 1.1-1.2 2.8s1.2 3.2 1.4 3.5c.2.2 2.4 3.6 5.7 5 .8.3 1.4.5 1.9.7.8.3 1.5.2 2.1.1.6-.1 1.9-.8 2.2-1.5.3-.7.3-1.4.2-1.5-.1-.2-.3-.3-.7-.4z" />
      </svg>
    </a>
  )
}

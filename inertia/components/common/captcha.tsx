import { useEffect, useRef } from 'react'
import { useTheme } from '~/hooks/use_theme'

declare global {
  interface Window {
    grecaptcha?: {
      render: (el: HTMLElement, options: Record<string, unknown>) => number
      reset: (id?: number) => void
    }
    __onRecaptchaLoad?: () => void
  }
}

const SCRIPT_ID = 'recaptcha-script'

/**
 * Google reCAPTCHA v2 checkbox. Loaded only when the site switches captcha on
 * (a third-party widget: it is off by default and in tests). Its answer goes
 * to humanKey and is verified on the server.
 */
export function Captcha({
  siteKey,
  onChange,
}: {
  siteKey: string
  onChange: (token: string) => void
}) {
  const ref = useRef<HTMLDivElement>(null)
  const { theme } = useTheme()

  useEffect(() => {
    const render = () => {
      if (ref.current && window.grecaptcha && !ref.current.dataset.rendered) {
        ref.current.dataset.rendered = '1'
        window.grecaptcha.render(ref.current, {
          'sitekey': siteKey,
          theme,
          'callback': (token: string) => onChange(token),
          'expired-callback': () => onChange(''),
        })
      }
    }
    if (window.grecaptcha) return render()
    window.__onRecaptchaLoad = render
    if (!document.getElementById(SCRIPT_ID)) {
      const script = document.createElement('script')
      script.id = SCRIPT_ID
      script.src =
        'https://www.google.com/recaptcha/api.js?onload=__onRecaptchaLoad&render=explicit'
      script.async = true
      document.head.appendChild(script)
    }
  }, [siteKey, theme, onChange])

  return <div ref={ref} data-testid="captcha" />
}

import '../css/app.css'
import { createRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { Providers } from '~/app/providers'

createInertiaApp({
  progress: { color: '#2563eb' },

  title: (title) => (title ? `${title}` : 'Broker'),

  resolve: (name) => {
    // A page missing from the registry is an error, as the spec requires.
    return resolvePageComponent(`../pages/${name}.tsx`, import.meta.glob('../pages/**/*.tsx'))
  },

  setup({ el, App, props }) {
    createRoot(el).render(
      <Providers>
        <App {...props} />
      </Providers>
    )
  },
})

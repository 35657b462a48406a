import { defineConfig } from 'vite'
import { basename } from 'node:path'
import { getDirname } from '@adonisjs/core/helpers'
import inertia from '@adonisjs/inertia/client'
import react from '@vitejs/plugin-react'
import adonisjs from '@adonisjs/vite/client'
import tailwindcss from '@tailwindcss/vite'
import { VITE_SERVED_FOLDERS } from './config/dev_assets.js'
import { splitHerouiTheme } from './vite/split_heroui_theme.js'

const ROOT = getDirname(import.meta.url)

export default defineConfig(({ command }) => {
  // A build ships React's production bundle whatever NODE_ENV the shell or the
  // server's .env holds: `node ace build` passes on the .env's NODE_ENV=development,
  // which made local builds ship the development bundle (~65 kB gzip more per page).
  if (command === 'build') process.env.NODE_ENV = 'production'
  return {
    plugins: [
      inertia({ ssr: { enabled: false } }),
      react(),
      tailwindcss(),
      adonisjs({ entrypoints: ['inertia/app/app.tsx'], reload: ['resources/views/**/*.edge'] }),
      // Each page carries the classes of the HeroUI components it renders, not of all of them.
      splitHerouiTheme(),
    ],
    // One dependency cache per checkout: git worktrees that share a node_modules
    // would otherwise rebuild one another's cache while their test servers run
    // (pages then load '504 Outdated Optimize Dep' and stay blank).
    cacheDir: `node_modules/.vite/${basename(ROOT)}`,
    // Scan every page up front so the dev server never re-optimizes deps
    // mid-navigation (a 504 "Outdated Optimize Dep" breaks the first visit).
    // HeroUI loads its animation features with a dynamic import inside
    // node_modules, which the scanner cannot see: list them explicitly.
    optimizeDeps: {
      entries: ['inertia/app/app.tsx', 'inertia/pages/**/*.tsx'],
      include: [
        'react',
        'react-dom',
        'react-dom/client',
        'react/jsx-runtime',
        'react/jsx-dev-runtime',
        '@inertiajs/react',
        '@adonisjs/inertia/helpers',
        '@adonisjs/transmit-client',
        '@heroui/react',
        '@heroui/dom-animation',
        'framer-motion',
        'fuse.js',
        'lightweight-charts',
        'react-apexcharts',
        'apexcharts',
      ],
    },
    server: {
      // The project root is Vite's root, so without this list it would serve the
      // database, uploads and server sources. The browser needs only these folders;
      // the app's dev_assets middleware also hands Vite nothing else (defence in depth).
      fs: {
        strict: true,
        allow: VITE_SERVED_FOLDERS,
        // Anchored to the project: a checkout may itself live under a folder named tmp.
        deny: [
          '.env',
          '.env.*',
          '*.{crt,pem,key}',
          '**/.git/**',
          '*.sqlite3*',
          `${ROOT}/tmp/**`,
          `${ROOT}/storage/**`,
        ],
      },
      // The test server needs no hot reload, and its socket would clash with a
      // dev server running on the same machine.
      ...(process.env.NODE_ENV === 'test' ? { hmr: false, ws: false } : {}),
    },
    resolve: {
      alias: {
        '~/': `${ROOT}/inertia/`,
        '@domain/': `${ROOT}/app/domain/`,
      },
    },
    build: {
      rollupOptions: {
        // HeroUI's theme defines every component's classes with top-level tv() calls
        // in one module; marked pure, a page keeps only the styles it renders.
        treeshake: { manualPureFunctions: ['tv'] },
      },
    },
  }
})

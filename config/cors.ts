import { defineConfig } from '@adonisjs/cors'

/* Same-origin app: cross-origin requests are not allowed. */
const corsConfig = defineConfig({
  enabled: true,
  origin: [],
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
  headers: true,
  exposeHeaders: [],
  credentials: true,
  maxAge: 90,
})

export default corsConfig

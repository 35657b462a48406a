import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/*
| Uploads (KYC documents, payment proofs) are private: they are served through
| authorized routes, never straight from disk. Public brand assets use `public`.
*/
const driveConfig = defineConfig({
  default: env.get('DRIVE_DISK', 'fs'),
  services: {
    fs: services.fs({
      location: app.makePath('storage/private'),
      serveFiles: false,
      visibility: 'private',
    }),
    public: services.fs({
      location: app.makePath('storage/public'),
      serveFiles: true,
      routeBasePath: '/uploads',
      visibility: 'public',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}

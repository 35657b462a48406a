/*
| Web processes prune expired records on a timer (app/services/housekeeping.ts).
*/
import app from '@adonisjs/core/services/app'
import { startHousekeeping } from '#services/housekeeping'

let stop: (() => void) | null = null
app.ready(() => {
  stop = startHousekeeping()
})
app.terminating(() => {
  stop?.()
})

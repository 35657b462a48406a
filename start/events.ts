/*
| Side effects of actions, run after they commit.
*/
import emitter from '@adonisjs/core/services/emitter'
import transmit from '@adonisjs/transmit/services/main'
import { userChannel } from '#domain/channels'

emitter.on('wallet:changed', ({ userId }) => {
  // The shell re-reads its figures when told its wallet moved.
  transmit.broadcast(userChannel(userId), { event: 'account' })
})

declare module '@adonisjs/core/types' {
  interface EventsList {
    'wallet:changed': { userId: number }
  }
}

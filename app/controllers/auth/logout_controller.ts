import type { HttpContext } from '@adonisjs/core/http'

export default class LogoutController {
  async handle({ auth, response, session }: HttpContext) {
    await auth.use('web').logout()
    // A fresh session id after logout: nothing of the old session can be replayed.
    session.clear()
    session.regenerate()
    return response.ok({ message: 'Logged out', redirect: '/' })
  }
}

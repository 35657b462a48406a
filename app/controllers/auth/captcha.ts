import { verifyCaptcha } from '#services/captcha_service'
import { UserFacingException } from '#exceptions/user_facing_exception'

/** Refuses the request (422 under humanKey) unless the captcha passes or is off. */
export async function requireCaptcha(token: string | undefined, ip: string) {
  if (!(await verifyCaptcha(token, ip))) {
    throw new UserFacingException('Please confirm you are not a robot', { field: 'humanKey' })
  }
}

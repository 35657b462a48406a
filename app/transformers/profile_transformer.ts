import type User from '#models/user'
import type Profile from '#models/profile'
import { maskEmail, maskPhone } from '#domain/masking'

/** The profile form's values. E-mail is always obscured; phone too for agent sessions. */
export function profileForm(user: User, profile: Profile | null, agentSession: boolean) {
  return {
    fullName: user.fullName,
    email: maskEmail(user.email),
    phone: agentSession ? maskPhone(profile?.phone) : (profile?.phone ?? ''),
    phoneLocked: agentSession,
    birthDate: profile?.birthDate?.toISODate() ?? '',
    country: profile?.country ?? '',
    city: profile?.city ?? '',
    address: profile?.address ?? '',
    postalCode: profile?.postalCode ?? '',
  }
}

export type ProfileForm = ReturnType<typeof profileForm>

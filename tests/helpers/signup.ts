/** A complete, valid sign-up form (customer spec §3 sign-up payload). */
export function signupPayload(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Tina Tester',
    email: 'tina.tester@example.com',
    password: 'secret-pass-1',
    passwordConfirmation: 'secret-pass-1',
    phone: '+34 600 123 456',
    birthDate: '1990-05-17',
    country: 'Spain',
    city: 'Madrid',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    currency: 'EUR',
    ...overrides,
  }
}

import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { api } from '#tests/helpers/http'

/** A fresh affiliate (a second one, for "only their own" checks). */
export function anAffiliate() {
  return UserFactory.apply('affiliate').create()
}

/** The affiliate generates a key through the API Key page's call; returns it. */
export async function keyOf(client: ApiClient, affiliate: User): Promise<string> {
  const response = await api(client, 'post', '/affiliate/api', {}).loginAs(affiliate)
  response.assertStatus(201)
  return response.body().key
}

let seq = 0

/** A valid intake body. */
export function intakeBody(changes: Record<string, unknown> = {}) {
  return {
    firstName: 'Ana',
    lastName: 'Api',
    email: `api-${Date.now()}-${++seq}@leads.test`,
    phone: '+34 600 111 222',
    country: 'Spain',
    city: 'Madrid',
    funnelLink: 'https://landing.example.com/a',
    leadSourceId: 'src-1',
    ...changes,
  }
}

/** POST /api/v1/leads as a server sends it: the key, JSON, no session, no CSRF token. */
export function postLead(
  client: ApiClient,
  key: string | null,
  body: unknown,
  headers: Record<string, string> = {}
) {
  const request = client.post('/api/v1/leads')
  if (key !== null) request.header('Authorization', `Bearer ${key}`)
  for (const [name, value] of Object.entries(headers)) request.header(name, value)
  return request.json(body as object)
}

export function getLead(client: ApiClient, key: string | null, id: number | string) {
  const request = client.get(`/api/v1/leads/${id}`)
  if (key !== null) request.header('Authorization', `Bearer ${key}`)
  return request
}

import { column } from '@adonisjs/lucid/orm'
import PaymentRow from '#models/payment_row'

export default class Deposit extends PaymentRow {
  @column()
  declare txRef: string

  @column()
  declare providerReference: string | null

  @column()
  declare paymentLink: string | null

  @column()
  declare proofPath: string | null
}

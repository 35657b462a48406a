import { column } from '@adonisjs/lucid/orm'
import PaymentRow from '#models/payment_row'

export default class Withdrawal extends PaymentRow {
  @column()
  declare declineReason: string | null
}

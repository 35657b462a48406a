/** Deposit and withdrawal statuses (customer spec §9). */
export const PAYMENT_STATUSES = ['pending', 'approved', 'declined'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

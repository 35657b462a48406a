import { EventEmitter } from 'node:events'

/**
 * In-process news about positions, for the risk engine of this process (other
 * processes learn from its periodic re-read of the open orders).
 */
export interface OrderEvents {
  opened: [orderId: number]
  changed: [orderId: number]
  closed: [orderId: number, balanceId: number]
}

const orderEvents = new EventEmitter<OrderEvents>()
orderEvents.setMaxListeners(50)
export default orderEvents

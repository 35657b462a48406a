import type { HttpContext } from '@adonisjs/core/http'
import settings from '#services/settings_service'
import heartbeatStore from '#services/market/heartbeat_store'
import marketLease from '#services/market/market_lease'
import marketWatch from '#services/market/market_watch'
import serverInfoService from '#services/server_info'
import { CURRENCY_API_SETTING } from '#services/market/feeds/currency_api'
import { quotaUsage } from '#domain/api_settings'

/**
 * API Status and Server Information (admin spec §2 "API Status", "Server
 * Information", §3, §7: the heartbeat event, the quota and server calls).
 * Role 1. The chips follow the live heartbeat channel; the page starts from
 * the market role's last heartbeat when it is fresh.
 */
export default class SystemStatusController {
  /** GET /admin/status/api */
  async apiPage({ inertia }: HttpContext) {
    return inertia.render('staff/status/api', {
      heartbeat: await heartbeatStore.last(),
      // What this web process's watch says of the market role: 'down' carries since when.
      market: marketWatch.verdict(),
      quota: await this.currencyQuota(),
      marketRole: await this.marketRole(),
    })
  }

  /** GET /admin/status/api/quota → { used, total } of the Currency API's month (null when unknown) */
  async quota() {
    return (await this.currencyQuota()) ?? { used: null, total: null }
  }

  /** GET /admin/status/server */
  async serverPage({ inertia }: HttpContext) {
    return inertia.render('staff/status/server', {})
  }

  /** GET /admin/status/server/api → cpuModel, cpuUsage, cpuCores, usedMemPercentage, totalMemMb, process */
  async server() {
    return serverInfoService.current()
  }

  /** Which process holds the market lease (issue 22): null when nobody does or it cannot be read. */
  private async marketRole(): Promise<{ holder: string; epoch: number; since: string } | null> {
    const lease = await marketLease.status().catch(() => null)
    if (!lease?.held || !lease.holder) return null
    return {
      holder: lease.holder,
      epoch: lease.epoch,
      since: (lease.acquiredAt ?? new Date()).toISOString(),
    }
  }

  private async currencyQuota() {
    const row = (await settings.rows())[CURRENCY_API_SETTING]
    return quotaUsage(row?.value2, row?.value3)
  }
}

import type { ChainableContract } from '@adonisjs/lucid/types/querybuilder'
import db from '@adonisjs/lucid/services/db'
import Lead from '#models/lead'
import { Roles } from '#domain/roles'
import { leadBranches, withinBranches } from '#queries/lead_visibility'
import { likePattern, pageWithTotal, sortOf, sumOfCounts } from '#queries/paginate'
import { leadRow } from '#transformers/lead_transformer'

const SORTABLE = { id: 'leads.id' }

/**
 * One page of an affiliate's leads (CRM spec §2.4 Affiliate Leads, §7
 * `GET /affiliate/leads/api/`): every lead they brought, whatever its desk,
 * through the one visibility rule (leadBranches: affiliate_id = theirs);
 * search on first or last name, e-mail, phone or reference; newest first.
 */
export async function affiliateLeadPage(
  affiliateId: number,
  options: { page?: number; limit?: number; search?: string; sort?: string; order?: 'asc' | 'desc' }
) {
  const branches = await leadBranches({ id: affiliateId, roleId: Roles.AFFILIATE })
  const filtered = <Q extends ChainableContract>(query: Q): Q => {
    if (!options.search) return query
    const pattern = likePattern(options.search.toLowerCase())
    return query.where((match) =>
      match
        .whereRaw('LOWER(leads.first_name) LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('LOWER(leads.last_name) LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('leads.email LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('leads.phone LIKE ? ESCAPE ?', [likePattern(options.search!), '\\'])
        .orWhereRaw('LOWER(leads.reference) LIKE ? ESCAPE ?', [pattern, '\\'])
    )
  }
  const rows = withinBranches(filtered(Lead.query()), branches).preload('salesStatus')
  const count = withinBranches(filtered(db.from('leads')), branches)
  const { column, order } = sortOf(options, SORTABLE, { column: 'leads.id', order: 'desc' })
  return pageWithTotal(rows.orderBy(column, order), sumOfCounts([count]), options, (lead) =>
    leadRow(lead, { masked: false })
  )
}

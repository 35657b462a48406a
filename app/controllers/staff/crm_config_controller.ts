import type { HttpContext } from '@adonisjs/core/http'
import { staffContext } from '#services/audit_log'
import { listQueryValidator } from '#validators/lists'
import { teamValidator } from '#validators/crm_config'
import { teamChoices, teamPage } from '#queries/crm_config'
import { teamRow } from '#transformers/crm_config_transformer'
import { createTeam, deleteTeam, updateTeam } from '#actions/crm_config/teams'
import { currentPromoCode, generatePromoCode } from '#actions/crm_config/generate_promo_code'
import Team from '#models/team'

/** CRM configuration (CRM spec §2.5–§2.7, §2.11, §5, §7, §8; issue 13 item 5). */
export default class CrmConfigController {
  /** GET /admin/crm-config/teams (role 1): the form's choices as props. */
  async teamsPage({ inertia }: HttpContext) {
    return inertia.render('staff/crm_config/teams', await teamChoices())
  }

  /** GET /admin/crm-config/teams/api?page&limit&search → { data, meta } */
  async teamList({ request }: HttpContext) {
    const query = await request.validateUsing(listQueryValidator, { data: request.qs() })
    return teamPage(query)
  }

  /** POST /admin/crm-config/teams (name, userId, userIds [{ id }]) */
  async storeTeam(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(teamValidator)
    const team = await createTeam({ ...payload, ...staffContext(ctx) })
    return ctx.response.created({
      message: 'Team added successfully',
      team: teamRow(await loaded(team)),
    })
  }

  /** PUT /admin/crm-config/teams/:id (the same fields) */
  async updateTeam(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(teamValidator)
    const team = await updateTeam({ id: Number(ctx.params.id), ...payload, ...staffContext(ctx) })
    return { message: 'Team updated successfully', team: teamRow(await loaded(team)) }
  }

  /** DELETE /admin/crm-config/teams/:id */
  async destroyTeam(ctx: HttpContext) {
    await deleteTeam({ id: Number(ctx.params.id), ...staffContext(ctx) })
    return { message: 'Team deleted successfully' }
  }

  /** GET /admin/promo-code (roles 1, 2, 4, 5, 6): the signed-in staff member's code. */
  async promoCodePage({ inertia, auth }: HttpContext) {
    return inertia.render('staff/crm_config/promo_code', {
      code: await currentPromoCode(auth.getUserOrFail().id),
    })
  }

  /** POST /admin/promo-code (body `code` is ignored: the server draws the code). */
  async generatePromoCode(ctx: HttpContext) {
    const promo = await generatePromoCode(staffContext(ctx))
    return ctx.response.created({
      message: 'Promo code generated successfully',
      code: promo.code,
    })
  }
}

async function loaded(team: Team) {
  await team.load('user')
  await team.load('members')
  return team
}

import type { HttpContext } from '@adonisjs/core/http'
import type { VineValidator } from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { staffContext, type StaffContext } from '#services/audit_log'

type Validator = VineValidator<any, any>

/**
 * What a declared staff list (#domain/staff_lists) needs from the server: its
 * page of rows, the validator of its writes, the actions that do them (each in
 * its own transaction, with its audit row) and the transformer of a saved
 * record. Only the writes the declaration has need their action.
 */
export interface DeclaredListResource<ListQuery extends Validator, Write extends Validator, Saved> {
  /** The page (`inertia/pages/…`) and what it receives beyond its rows (a form's choices). */
  component?: string
  pageProps?: () => Promise<Record<string, unknown>> | Record<string, unknown>
  listQuery: ListQuery
  page: (query: Infer<ListQuery>) => Promise<unknown>
  write?: Write
  create?: (input: Infer<Write> & StaffContext) => Promise<Saved>
  update?: (input: Infer<Write> & StaffContext & { id: number }) => Promise<Saved>
  destroy?: (input: StaffContext & { id: number }) => Promise<unknown>
  /** The saved record as the list shows it, answered under `key`. */
  row: (saved: Saved) => unknown
  key: string
  /** The toasts of the writes (the spec's words). */
  messages: { created?: string; updated?: string; deleted?: string }
}

function needs<T>(part: T | undefined, what: string): T {
  if (part === undefined) throw new Error(`declared list: ${what} is not declared`)
  return part
}

/**
 * The one controller of the declared lists: `GET <path>/api` answers the page
 * of rows; `POST`, `PUT /:id` and `DELETE /:id` validate, call the list's
 * action with the acting staff member and answer its message and the saved
 * row (201 for a new one). A list module default-exports
 * `declaredListController({...})`; `registerStaffList` routes to it lazily.
 */
export function declaredListController<ListQuery extends Validator, Write extends Validator, Saved>(
  resource: DeclaredListResource<ListQuery, Write, Saved>
) {
  const { messages } = resource
  return class DeclaredListController {
    async page({ inertia }: HttpContext) {
      const props = resource.pageProps ? await resource.pageProps() : {}
      return inertia.render(needs(resource.component, 'page component'), props)
    }

    async list({ request }: HttpContext) {
      const query = await request.validateUsing(resource.listQuery, { data: request.qs() })
      return resource.page(query as Infer<ListQuery>)
    }

    async store(ctx: HttpContext) {
      const payload = await ctx.request.validateUsing(needs(resource.write, 'write validator'))
      const saved = await needs(resource.create, 'create')({ ...payload, ...staffContext(ctx) })
      return ctx.response.created({
        message: messages.created,
        [resource.key]: resource.row(saved),
      })
    }

    async update(ctx: HttpContext) {
      const payload = await ctx.request.validateUsing(needs(resource.write, 'write validator'))
      const saved = await needs(
        resource.update,
        'update'
      )({
        id: Number(ctx.params.id),
        ...payload,
        ...staffContext(ctx),
      })
      return { message: messages.updated, [resource.key]: resource.row(saved) }
    }

    async destroy(ctx: HttpContext) {
      await needs(resource.destroy, 'destroy')({ id: Number(ctx.params.id), ...staffContext(ctx) })
      return { message: messages.deleted }
    }
  }
}

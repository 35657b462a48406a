import router from '@adonisjs/core/services/router'
import { screenAccess } from '#start/routes/screen_access'
import { LANGUAGE_CODE } from '#domain/languages'

const LanguagesController = () => import('#controllers/staff/languages_controller')

/*
| Languages and translations (admin spec §2 Languages, §7; menu: role 1). The
| list page GET /admin/languages is a screen of app/domain/staff_screens.ts; a
| language's translations page is its sub-page. A code that is not a language
| code matches no route (404), as an unknown one does.
*/
router
  .group(() => {
    router.post('/admin/languages', [LanguagesController, 'save']).as('admin.languages.save')
    router
      .get('/admin/languages/api/:code', [LanguagesController, 'list'])
      .as('admin.languages.list')
      .where('code', LANGUAGE_CODE)
    router
      .get('/admin/languages/:code', [LanguagesController, 'show'])
      .as('admin.languages.show')
      .where('code', LANGUAGE_CODE)
    router
      .post('/admin/languages/translations', [LanguagesController, 'store'])
      .as('admin.languages.translations.store')
    router
      .put('/admin/languages/translations/:id', [LanguagesController, 'update'])
      .as('admin.languages.translations.update')
    router
      .delete('/admin/languages/translations/:id', [LanguagesController, 'destroy'])
      .as('admin.languages.translations.destroy')
  })
  .use(screenAccess('admin.languages.index'))

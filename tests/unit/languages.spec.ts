import { test } from '@japa/runner'
import {
  ENGLISH_CANNOT_BE_REMOVED,
  DUPLICATE_CODE,
  LANGUAGE_CODE,
  languageListProblems,
  placeholderProblem,
  placeholdersOf,
  removalNeedsConfirmation,
  removedLanguages,
} from '#domain/languages'
import { screenAt } from '#domain/staff_screens'

const EN = { name: 'English', code: 'en' }
const ES = { name: 'Español', code: 'es' }
const DE = { name: 'Deutsch', code: 'de' }

test.group('languages (app/domain/languages.ts)', () => {
  test('language codes: 2–3 letters, one optional subtag, lower case', ({ assert }) => {
    for (const code of ['en', 'es', 'fil', 'pt-br', 'zh-hant', 'es-419'])
      assert.isTrue(LANGUAGE_CODE.test(code), code)
    for (const code of [
      'e',
      'engl',
      'EN',
      'pt-BR',
      'pt_br',
      'pt-',
      'pt-b',
      'a-b-c',
      'es-419x-y',
      '',
    ])
      assert.isFalse(LANGUAGE_CODE.test(code), code)
  })

  test('a list must keep English and name each code once', ({ assert }) => {
    assert.deepEqual(languageListProblems([EN, ES]), [])
    assert.deepEqual(languageListProblems([ES]), [
      { field: 'lotSelector', message: ENGLISH_CANNOT_BE_REMOVED },
    ])
    assert.deepEqual(languageListProblems([]), [
      { field: 'lotSelector', message: ENGLISH_CANNOT_BE_REMOVED },
    ])
    assert.deepEqual(languageListProblems([EN, ES, { name: 'Otra', code: 'es' }]), [
      { field: 'lotSelector.2.code', message: DUPLICATE_CODE },
    ])
  })

  test('what a save removes, and how the confirmation says it', ({ assert }) => {
    assert.deepEqual(removedLanguages([EN, ES, DE], [EN, { name: 'Spanish', code: 'es' }]), [DE])
    assert.deepEqual(removedLanguages([EN], [EN, DE]), [])
    assert.equal(
      removalNeedsConfirmation([DE], 1),
      'Removing Deutsch (de) will delete 1 translation'
    )
    assert.equal(
      removalNeedsConfirmation([ES, DE], 12),
      'Removing Español (es), Deutsch (de) will delete 12 translations'
    )
  })

  test('a value keeps exactly its key’s placeholders, in any order', ({ assert }) => {
    assert.deepEqual(placeholdersOf('Pay {amount} to {name} ({amount})'), ['amount', 'name'])
    assert.isNull(placeholderProblem('Pay {amount} to {name}', 'Paga a {name} {amount}'))
    assert.isNull(placeholderProblem('Login', 'Iniciar sesión'))
    assert.equal(
      placeholderProblem('Total: {n}', 'Total'),
      'The value must keep the placeholders of the key: {n}'
    )
    assert.equal(
      placeholderProblem('Login', 'Entrar {x}'),
      'The value may not hold placeholders in braces: its key has none'
    )
  })

  test("a language's translations page sits under Languages, titled by its code", ({ assert }) => {
    assert.deepInclude(screenAt('/admin/languages/pt-br?page=2'), {
      name: 'admin.languages.show',
      path: '/admin/languages',
      title: 'pt-br',
      verbatimTitle: true,
    })
    assert.equal(screenAt('/admin/languages')?.title, 'Languages')
    assert.isUndefined(screenAt('/admin/languages/NOT-A-CODE'))
    assert.isUndefined(screenAt('/admin/languages/api/es'))
    assert.isUndefined(screenAt('/admin/other/es'))
  })
})

import { Alert } from '@heroui/react'
import { TRANSLATION_LIST } from '@domain/staff_lists/translations'
import { declaredListPage } from '~/components/data/declared_list_page'
import { useTranslation } from '~/hooks/use_translation'

type Props = { language?: { code: string }; isEnglish?: boolean }

function EnglishNote() {
  const { t } = useTranslation()
  return (
    <Alert
      color="primary"
      title={t('English is the language of the keys: its texts need no translation.')}
    />
  )
}

/**
 * A language's translations, built from their declaration. English (the
 * keys' own language) offers no add; after a save the page's own dictionary
 * is read again when it is this language.
 */
export default declaredListPage(TRANSLATION_LIST, {
  banner: (props: Props) => (props.isEnglish ? <EnglishNote /> : null),
  canAdd: (props: Props) => !props.isEnglish,
  useAfterChange: (props: Props) => {
    const { lang, reload } = useTranslation()
    return () => {
      if (lang === props.language?.code) reload()
    }
  },
})

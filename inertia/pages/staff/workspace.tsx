import { Card, CardBody } from '@heroui/react'
import { staffLayout } from '~/layouts/staff_layout'
import { useTranslation } from '~/hooks/use_translation'

export default function Workspace() {
  const { t } = useTranslation()
  return (
    <>
      <Card>
        <CardBody className="text-default-500" data-testid="workspace-empty">
          {t('No data found')}
        </CardBody>
      </Card>
    </>
  )
}

Workspace.layout = staffLayout

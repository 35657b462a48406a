import { Card, CardBody } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type WorkspaceController from '#controllers/staff/workspace_controller'
import { StaffLayout } from '~/layouts/staff_layout'
import { useTranslation } from '~/hooks/use_translation'

export default function Workspace({ title, menu, activePath }: InferPageProps<WorkspaceController, 'show'>) {
  const { t } = useTranslation()
  return (
    <StaffLayout title={title} menu={menu} activePath={activePath}>
      <Card>
        <CardBody className="text-default-500" data-testid="workspace-empty">
          {t('No data found')}
        </CardBody>
      </Card>
    </StaffLayout>
  )
}

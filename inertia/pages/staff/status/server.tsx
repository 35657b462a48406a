import { useEffect, useState } from 'react'
import { Card, CardBody, Progress, Spinner } from '@heroui/react'
import type SystemStatusController from '#controllers/staff/system_status_controller'
import { staffLayout } from '~/layouts/staff_layout'
import { useTranslation } from '~/hooks/use_translation'
import { api } from '~/lib/api'
import { route } from '~/lib/routes'

type Info = Awaited<ReturnType<SystemStatusController['server']>>

/** How often the figures are read again. */
const REFRESH_MS = 3000

/**
 * Server Information (admin spec §2, §3 "Server info"): CPU model, CPU usage
 * and memory usage out of 100 %, logical cores and total memory, read again
 * every few seconds; it names the host and process that answered, since
 * several app processes may run behind the load balancer.
 */
export default function ServerInformation() {
  const { t } = useTranslation()
  const [info, setInfo] = useState<Info | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let active = true
    const load = () =>
      api<Info>('GET', route('admin.status.server.data'))
        .then((data) => {
          if (!active) return
          setInfo(data)
          setFailed(false)
        })
        .catch(() => active && setFailed(true))
    load()
    const timer = setInterval(load, REFRESH_MS)
    return () => {
      active = false
      clearInterval(timer)
    }
  }, [])

  if (!info) {
    return failed ? (
      <p className="text-danger">{t('Server information could not be read')}</p>
    ) : (
      <Spinner />
    )
  }
  return (
    <Card className="max-w-3xl" data-testid="server-info">
      <CardBody className="flex flex-col gap-5 p-5">
        <Row label={t('CPU Model')} value={info.cpuModel} testId="cpu-model" />
        <Progress
          label={t('CPU Usage')}
          value={info.cpuUsage}
          maxValue={100}
          showValueLabel
          valueLabel={`${info.cpuUsage} / 100 %`}
          color={info.cpuUsage > 85 ? 'danger' : 'primary'}
          data-testid="cpu-usage"
        />
        <Row label={t('Logical Cores')} value={String(info.cpuCores)} testId="cpu-cores" />
        <Progress
          label={t('Memory Usage')}
          value={info.usedMemPercentage}
          maxValue={100}
          showValueLabel
          valueLabel={`${info.usedMemPercentage} / 100 %`}
          color={info.usedMemPercentage > 90 ? 'danger' : 'primary'}
          data-testid="memory-usage"
        />
        <Row label={t('Total Memory')} value={`${info.totalMemMb} MB`} testId="total-memory" />
        <p className="text-small text-default-500" data-testid="server-process">
          {t('Shown for host {host}, process {pid} ({roles})', {
            host: info.process.hostname,
            pid: info.process.pid,
            roles: info.process.roles.map((role) => t(role)).join(' + '),
          })}
          {failed && ` · ${t('Server information could not be read')}`}
        </p>
      </CardBody>
    </Card>
  )
}

function Row(props: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-2">
      <span className="text-default-500">{props.label}</span>
      <span className="font-medium" data-testid={props.testId}>
        {props.value}
      </span>
    </div>
  )
}

ServerInformation.layout = staffLayout

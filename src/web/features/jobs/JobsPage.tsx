import type { ReactElement } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconClockPlay, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { JOBS, isPeriodic, type JobName } from '@domain/jobs/jobs';
import type { FailedJob, JobQueueRow } from '@domain/jobs/schema';
import { formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { Section } from '@web/ui/DetailParts';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { PHONE_QUERY } from '@web/ui/theme';
import { useJobs, useRetry, useRunNow } from './api';

/** A button's label on one line, in a narrow table column too (Turkish "Şimdi çalıştır"). */
const NOWRAP = { label: { whiteSpace: 'nowrap' as const } };
const label = (name: JobName) => t(JOBS[name].label);
const count = (n: number, color: string) => (n > 0 ? <Badge color={color} variant="light">{n}</Badge> : <Text span inherit c="dimmed">0</Text>);

/**
 * /jobs (admins; issue 44, decision record 0285): the work the portal does on its own, each job's queue (waiting,
 * running, failed, its last runs) with a run now, and the newest failed runs with their error and a retry.
 */
export function JobsPage(): ReactElement {
  const phone = useMediaQuery(PHONE_QUERY);
  const jobs = useJobs();
  const runNow = useRunNow();
  const retry = useRetry();

  const run = (q: JobQueueRow) =>
    runNow.mutate(q.name, {
      onSuccess: () => notifications.show({ color: 'green', title: t('Run queued'), message: t('{job} runs within a few seconds.', { job: label(q.name) }) }),
    });
  const again = (f: FailedJob) =>
    retry.mutate(
      { name: f.name, id: f.id },
      { onSuccess: () => notifications.show({ color: 'green', title: t('Retry queued'), message: t('{job} runs again within a few seconds.', { job: label(f.name) }) }) },
    );

  // A job that runs when its work arrives (an import's check or commit) has nothing to run by hand.
  const runButton = (q: JobQueueRow) =>
    isPeriodic(q.name) && (
    <Tooltip label={t('Not set up on this portal')} disabled={q.active}>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconPlayerPlay size={14} />}
        style={{ flexShrink: 0 }}
      styles={NOWRAP}
        disabled={!q.active}
        loading={runNow.isPending && runNow.variables === q.name}
        onClick={() => run(q)}
        aria-label={t('Run now: {job}', { job: label(q.name) })}
      >
        {t('Run now')}
      </Button>
    </Tooltip>
  );
  const retryButton = (f: FailedJob) => (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconRefresh size={14} />}
      style={{ flexShrink: 0 }}
      styles={NOWRAP}
      loading={retry.isPending && retry.variables?.id === f.id}
      onClick={() => again(f)}
      aria-label={t('Retry: {job}', { job: label(f.name) })}
    >
      {t('Retry')}
    </Button>
  );
  const queues = jobs.data?.queues ?? [];
  const failures = jobs.data?.failures ?? [];
  const lastRun = (q: JobQueueRow) => (q.last_completed_at ? formatDateTime(q.last_completed_at) : <Text span inherit c="dimmed">{t('Not yet')}</Text>);
  const every = (q: JobQueueRow) => (q.active ? t(JOBS[q.name].every) : <Text span inherit c="dimmed">{t('Not set up')}</Text>);

  return (
    <Stack gap="md">
      <PageHeader title={t('Background jobs')} subtitle={t('Digests, reminders, clean-ups and exchange rates the portal runs on its own, once across its instances')} />
      <ErrorBanner error={jobs.error ?? runNow.error ?? retry.error} />
      <Section title={t('Jobs')} icon={<IconClockPlay size={18} />}>
        {phone ? (
          <Stack gap="xs">
            {queues.map((q) => (
              <Paper key={q.name} withBorder radius="md" p="sm" data-testid="job-queue">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={600} fz="sm">{label(q.name)}</Text>
                    <Text fz="xs" c="dimmed">
                      {every(q)} · {t('Last run')}: {lastRun(q)}
                    </Text>
                  </div>
                  {runButton(q)}
                </Group>
                {q.waiting + q.running + q.failed > 0 && (
                  <Group gap="xs" mt={6}>
                    {q.waiting > 0 && <Badge variant="light" color="blue">{t('Waiting')}: {q.waiting}</Badge>}
                    {q.running > 0 && <Badge variant="light" color="teal">{t('Running')}: {q.running}</Badge>}
                    {q.failed > 0 && <Badge variant="light" color="red">{t('Failed')}: {q.failed}</Badge>}
                  </Group>
                )}
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" data-testid="job-queues">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Job')}</Table.Th>
                  <Table.Th>{t('Runs')}</Table.Th>
                  <Table.Th>{t('Waiting')}</Table.Th>
                  <Table.Th>{t('Running')}</Table.Th>
                  <Table.Th>{t('Failed')}</Table.Th>
                  <Table.Th>{t('Last run')}</Table.Th>
                  <Table.Th aria-label={t('Actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {queues.map((q) => (
                  <Table.Tr key={q.name} data-testid="job-queue">
                    <Table.Td fw={600}>{label(q.name)}</Table.Td>
                    <Table.Td>{every(q)}</Table.Td>
                    <Table.Td>{count(q.waiting, 'blue')}</Table.Td>
                    <Table.Td>{count(q.running, 'teal')}</Table.Td>
                    <Table.Td>{count(q.failed, 'red')}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastRun(q)}</Table.Td>
                    <Table.Td>{runButton(q)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={t('Failed runs')} icon={<IconAlertTriangle size={18} />}>
        {jobs.data && failures.length === 0 ? (
          <EmptyState icon={<IconCircleCheck size={26} />} title={t('No failed runs')} text={t('A run that fails is tried three more times, then listed here with its error.')} />
        ) : phone ? (
            <Stack gap="xs">
              {failures.map((f) => (
                <Paper key={f.id} withBorder radius="md" p="sm" data-testid="job-failure">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div>
                      <Text fw={600} fz="sm">{label(f.name)}</Text>
                      <Text fz="xs" c="dimmed">
                        {formatDateTime(f.failed_at)} · {t('Attempts')}: {f.attempts}
                      </Text>
                    </div>
                    {retryButton(f)}
                  </Group>
                  <Text fz="xs" ff="monospace" mt={6} style={{ wordBreak: 'break-word' }}>
                    {f.error}
                  </Text>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" data-testid="job-failures">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('When')}</Table.Th>
                    <Table.Th>{t('Job')}</Table.Th>
                    <Table.Th>{t('Attempts')}</Table.Th>
                    <Table.Th>{t('Error')}</Table.Th>
                    <Table.Th aria-label={t('Actions')} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {failures.map((f) => (
                    <Table.Tr key={f.id} data-testid="job-failure">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(f.failed_at)}</Table.Td>
                      <Table.Td fw={600}>{label(f.name)}</Table.Td>
                      <Table.Td>{f.attempts}</Table.Td>
                      <Table.Td>
                        <Text fz="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
                          {f.error}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group justify="flex-end" wrap="nowrap">{retryButton(f)}</Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  );
}

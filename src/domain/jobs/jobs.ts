import { msg } from '@domain/common/i18n';

/**
 * The portal's background work on a queue (issue 44, decision record 0285): each job, its schedule (cron, UTC; none
 * for work that arrives, as imports) and its label. Admins see the queues, their failures and a retry on /jobs; a
 * worker instance runs them.
 */
export const JOBS = {
  'daily-digests': { label: msg('Daily digests'), cron: '* * * * *', every: msg('Every minute') },
  'quote-expiry-warnings': { label: msg('Quote expiry warnings'), cron: '5 * * * *', every: msg('Hourly') },
  'checklist-reminders': { label: msg('Checklist reminders'), cron: '15 * * * *', every: msg('Hourly') },
  'overdue-invoice-reminders': { label: msg('Overdue invoice reminders'), cron: '30 * * * *', every: msg('Hourly') },
  'orphan-sweep': { label: msg('Stored files without a record'), cron: '10 * * * *', every: msg('Hourly') },
  'rate-limit-prune': { label: msg('Sign-in limit counters pruned'), cron: '20 * * * *', every: msg('Hourly') },
  'digest-prune': { label: msg('Sent digests pruned'), cron: '25 * * * *', every: msg('Hourly') },
  // The ECB publishes once a working day around 16:00 CET: four looks a day find each publication within hours.
  'ecb-rates': { label: msg('ECB reference rates'), cron: '40 */6 * * *', every: msg('Every 6 hours') },
  // Work that arrives (no schedule): an uploaded file's check and a checked import's commit, run by a worker.
  'import-check': { label: msg('Import checks'), cron: null, every: msg('When a file is uploaded') },
  'import-commit': { label: msg('Import commits'), cron: null, every: msg('When an import is committed') },
} as const;
export type JobName = keyof typeof JOBS;
export const JOB_NAMES = Object.keys(JOBS) as [JobName, ...JobName[]];
/** A job on a schedule (run now by hand too), not one run when its work arrives. */
export const isPeriodic = (name: JobName): boolean => JOBS[name].cron !== null;

/** How many failed runs the jobs page lists (newest first). */
export const FAILURES_SHOWN = 50;

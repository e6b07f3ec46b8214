/** The thread panel's pure parts: the pages put in reading order, the role hint, and the checks on picked files. */
import { uploadProblem } from '@domain/documents/rules';
import { msg } from '@domain/common/i18n';
import type { Message, Thread } from '@domain/messages/schema';
import { t } from '@web/lib/i18n';

/**
 * The loaded pages as one list, oldest first: page 0 holds the newest messages, each further page older ones. A
 * message that two pages both hold (the same time as the page boundary) is shown once.
 */
export function threadMessages(pages: readonly Pick<Thread, 'messages'>[]): Message[] {
  const seen = new Set<string>();
  const out: Message[] = [];
  for (const page of [...pages].reverse()) {
    for (const m of page.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}

/** 'Staff' or 'Customer', beside the author's name (translated where shown). */
export const roleHint = (m: Pick<Message, 'author_is_staff'>): string => (m.author_is_staff ? msg('Staff') : msg('Customer'));

type Picked = { name: string; size: number };

/**
 * Files picked for a message or a request, added to the ones already chosen: a file with a problem (too large, a
 * type we do not take) is left out and named; past `max` files the rest are left out with `tooMany`. A file picked
 * twice (same name and size) is kept once. The problems are in the reader's language.
 */
export function addPickedFiles<F extends Picked>(current: readonly F[], picked: readonly F[], max: number, tooMany: string): { files: F[]; problems: string[] } {
  const files = [...current];
  const problems: string[] = [];
  let overflow = false;
  for (const file of picked) {
    if (files.some((f) => f.name === file.name && f.size === file.size)) continue;
    const problem = uploadProblem(file.name, file.size);
    if (problem) problems.push(`${file.name}: ${t(problem)}`);
    else if (files.length >= max) overflow = true;
    else files.push(file);
  }
  if (overflow) problems.push(t(tooMany));
  return { files, problems };
}

/** 'report.pdf (File size must be less than 100MB)', one per failed file, for a warning line (a reason's last full stop dropped). */
export const failedFilesText = (failed: readonly { name: string; message: string }[]): string =>
  failed.map((f) => `${f.name} (${t(f.message).replace(/\.\s*$/, '')})`).join(', ');

import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@web/lib/i18n';
import { owedWhen } from './OwedPapers';

describe("owedWhen: an owed paper's time in the reader's words (issue 45)", () => {
  afterEach(() => setLocale('en'));
  it('says today, days ahead and days late with ICU plurals, and that no date is known yet', async () => {
    expect([0, 1, 2, -1, -19, null].map(owedWhen)).toEqual(['Due today', 'Due in 1 day', 'Due in 2 days', '1 day overdue', '19 days overdue', 'No date yet']);
    await setLocale('tr');
    expect([0, 3, -2, null].map(owedWhen)).toEqual(['Son gün bugün', '3 gün içinde', '2 gün gecikmiş', 'Henüz tarih yok']);
  });
});

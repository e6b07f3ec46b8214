/** Display formatting shared by the pages. Dates are shown in the user's locale. */

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? 'N/A' : d.toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime())
    ? 'N/A'
    : d.toLocaleString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A calendar day 'YYYY-MM-DD' (a cargo-ready or valid-until date) as '01 Mar 2026', the same day in every time zone. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? 'N/A' : d.toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

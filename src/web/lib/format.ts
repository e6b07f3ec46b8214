/** Display formatting shared by the pages. Dates are shown in the user's locale. */

// One formatter per format, made on first use: toLocaleDateString builds a new one on every call, which cost a list or
// a dashboard tens of milliseconds of a phone's main thread (issue 17). The output is the same.
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return (d: Date) => (made ??= new Intl.DateTimeFormat('en-GB', options)).format(d);
};
const dateFormat = formatter({ day: '2-digit', month: 'short', year: 'numeric' });
const dateTimeFormat = formatter({ day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dayFormat = formatter({ day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? 'N/A' : dateFormat(d);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? 'N/A' : dateTimeFormat(d);
}

/** A calendar day 'YYYY-MM-DD' (a cargo-ready or valid-until date) as '01 Mar 2026', the same day in every time zone. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? 'N/A' : dayFormat(d);
}

/**
 * Notification choices (issue 17, decision record 0231): for each event a person is mailed about, instant mail, a
 * line in the daily digest, or nothing; the hour and time zone of the digest. Shared by My Profile, the admin's
 * contact dialog, the unsubscribe page and the server.
 */
import { z } from 'zod';
import { msg } from '@domain/common/i18n';

export const NOTIFICATION_MODES = ['instant', 'daily', 'off'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export const MODE_LABELS: Record<NotificationMode, string> = { instant: msg('Instant mail'), daily: msg('Daily digest'), off: msg('Off') };

type EventDef = { label: string; audience: 'customer' | 'staff' | 'everyone'; default: NotificationMode; modes: readonly NotificationMode[]; hint: string };

/**
 * The events mailed today. Customers: the spec's two mails (created to every contact, status to the primary contact)
 * stay instant by default; estimated dates and documents go to every contact, in the digest by default. Staff: their
 * assignments, and the digest of their shipments' exceptions. Messages, quotes and customers' checklist documents joined with their issues.
 */
export const NOTIFICATION_EVENTS = {
  shipment_created: { label: msg('Shipment created'), audience: 'customer', default: 'instant', modes: NOTIFICATION_MODES, hint: msg('A new shipment for your company') },
  status_changed: { label: msg('Status changed'), audience: 'customer', default: 'instant', modes: NOTIFICATION_MODES, hint: msg("A shipment's status moves on (primary contact)") },
  dates_changed: { label: msg('Estimated dates changed'), audience: 'customer', default: 'daily', modes: NOTIFICATION_MODES, hint: msg('The estimated departure or arrival changes') },
  document_added: { label: msg('Document added'), audience: 'customer', default: 'daily', modes: NOTIFICATION_MODES, hint: msg('A document is added to a shipment') },
  message_received: { label: msg('Messages'), audience: 'everyone', default: 'instant', modes: NOTIFICATION_MODES, hint: msg('A new message on a shipment or request of yours (several within five minutes come as one mail)') },
  checklist_due: { label: msg('Documents due'), audience: 'customer', default: 'daily', modes: NOTIFICATION_MODES, hint: msg('A document you provide for a shipment is due within two days, or was not accepted') },
  invoice_overdue: { label: msg('Overdue invoices'), audience: 'customer', default: 'instant', modes: NOTIFICATION_MODES, hint: msg('An invoice of your company is past its due date and not fully paid (on its 1st, 7th and 30th day overdue)') },
  quote_sent: { label: msg('Quotes'), audience: 'customer', default: 'instant', modes: NOTIFICATION_MODES, hint: msg('A quote for your request is ready, or expires in two days') },
  request_received: { label: msg('New requests'), audience: 'staff', default: 'instant', modes: NOTIFICATION_MODES, hint: msg('A customer asks for a quote in your direction') },
  request_answered: { label: msg('Answers to my quotes'), audience: 'staff', default: 'instant', modes: NOTIFICATION_MODES, hint: msg('A customer accepts a quote or cancels a request you handle') },
  checklist_received: { label: msg('Documents from customers'), audience: 'staff', default: 'instant', modes: NOTIFICATION_MODES, hint: msg('A customer uploads a checklist document on a shipment you handle') },
  handler_assigned: { label: msg('Shipments assigned to me'), audience: 'staff', default: 'instant', modes: NOTIFICATION_MODES, hint: msg('Someone makes you the handler') },
  exceptions: { label: msg('Exceptions on my shipments'), audience: 'staff', default: 'daily', modes: ['daily', 'off'], hint: msg('Late, moved or stalled shipments, in the daily digest') },
} as const satisfies Record<string, EventDef>;

export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;
export const NOTIFICATION_EVENT_KEYS = Object.keys(NOTIFICATION_EVENTS) as [NotificationEvent, ...NotificationEvent[]];

export const eventsFor = (audience: 'customer' | 'staff'): NotificationEvent[] =>
  NOTIFICATION_EVENT_KEYS.filter((e) => NOTIFICATION_EVENTS[e].audience === audience || NOTIFICATION_EVENTS[e].audience === 'everyone');

export const DEFAULT_DIGEST_HOUR = 8;

/**
 * What an unsubscribe link stops: one event's mails, or (the daily digest's link, issue 37) the digest itself, which
 * turns every choice that is "Daily digest" to "Off".
 */
export const DIGEST_TOPIC = 'daily_digest' as const;
export const DIGEST_TOPIC_LABEL = msg('Daily digest');
export const UNSUBSCRIBE_TOPICS = [...NOTIFICATION_EVENT_KEYS, DIGEST_TOPIC] as const;
export type UnsubscribeTopic = NotificationEvent | typeof DIGEST_TOPIC;
export const topicLabel = (topic: UnsubscribeTopic): string => (topic === DIGEST_TOPIC ? DIGEST_TOPIC_LABEL : NOTIFICATION_EVENTS[topic].label);

/** The refusal of a mode an event does not offer, one whole message per set of modes (so it can be translated). */
const MODE_CHOICES: Record<string, string> = {
  'instant,daily,off': msg('Choose one of: Instant mail, Daily digest, Off'),
  'daily,off': msg('Choose one of: Daily digest, Off'),
};

export const NOTIFICATION_MESSAGES = {
  mode: (event: NotificationEvent) => {
    const modes = NOTIFICATION_EVENTS[event].modes;
    return MODE_CHOICES[modes.join(',')] ?? `Choose one of: ${modes.map((m) => MODE_LABELS[m]).join(', ')}`;
  },
  event: msg('Unknown notification'),
  choices: msg('Send the choices as an object of event and mode'),
  hour: msg('Choose an hour from 0 to 23'),
  timeZone: msg('Choose a time zone from the list'),
  unsubscribeInvalid: msg('This unsubscribe link is not valid. Open the link from the latest mail, or change your choices on My Profile.'),
} as const;

/** Whether the runtime knows the IANA time zone ('Europe/Istanbul'); 'UTC' always. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * One formatter per time zone: the digest run asks for every person each time it runs, and making an
 * Intl.DateTimeFormat costs far more than using one (1.4% of a busy portal's CPU in a profile, decision record 0303).
 */
const dayAndHourFormats = new Map<string, Intl.DateTimeFormat>();
function dayAndHourFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayAndHourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    dayAndHourFormats.set(timeZone, format);
  }
  return format;
}

/** The local calendar day (YYYY-MM-DD) and hour of `at` in the time zone. */
export function localDayAndHour(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = dayAndHourFormat(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

/** Whether a person's digest is due at `at`: their local hour has reached the hour they chose, on a day not yet sent. */
export function digestDue(at: Date, timeZone: string, hour: number, lastSentDay: string | null): { due: boolean; day: string } {
  const local = localDayAndHour(at, timeZone);
  return { due: local.hour >= hour && lastSentDay !== local.day, day: local.day };
}

const modeSchema = z.enum(NOTIFICATION_MODES);

export const notificationSettingsInputSchema = z
  .object({
    // An unknown event key is named in plain words, never echoed (a key can hold anything).
    choices: z.partialRecord(z.enum(NOTIFICATION_EVENT_KEYS, { message: NOTIFICATION_MESSAGES.event }), modeSchema, {
      error: (issue) => ((issue.code as string) === 'unrecognized_keys' ? NOTIFICATION_MESSAGES.event : issue.code === 'invalid_type' ? NOTIFICATION_MESSAGES.choices : undefined),
    }),
    digest_hour: z.number({ error: NOTIFICATION_MESSAGES.hour }).int({ error: NOTIFICATION_MESSAGES.hour }).min(0, { error: NOTIFICATION_MESSAGES.hour }).max(23, { error: NOTIFICATION_MESSAGES.hour }),
    time_zone: z.string({ error: NOTIFICATION_MESSAGES.timeZone }).refine(isTimeZone, { message: NOTIFICATION_MESSAGES.timeZone }),
  })
  .superRefine((v, ctx) => {
    for (const [event, mode] of Object.entries(v.choices) as [NotificationEvent, NotificationMode][]) {
      if (!(NOTIFICATION_EVENTS[event].modes as readonly string[]).includes(mode)) ctx.addIssue({ code: 'custom', path: ['choices', event], message: NOTIFICATION_MESSAGES.mode(event) });
    }
  });
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

export const notificationSettingsSchema = z.object({
  email: z.string(),
  audience: z.enum(['customer', 'staff']),
  choices: z.array(z.object({ event: z.enum(NOTIFICATION_EVENT_KEYS), label: z.string(), hint: z.string(), mode: modeSchema, modes: z.array(modeSchema), is_default: z.boolean() })),
  digest_hour: z.number().int(),
  time_zone: z.string(),
  /** Whether the person ever saved: if not, the page proposes the browser's time zone. */
  saved: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What an unsubscribe link says, before and after the click. */
export const unsubscribeViewSchema = z.object({
  email_hint: z.string(),
  event: z.enum(UNSUBSCRIBE_TOPICS),
  label: z.string(),
  mode: modeSchema,
});
export type UnsubscribeView = z.infer<typeof unsubscribeViewSchema>;

/** 'j***@example.com': enough for a person to recognise their address, not enough to read it off a shared screen. */
export function emailHint(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * What fills a digest line's messages (issue 42): a value's kind is in its key's ending (`_label`, `_day`, `_time`,
 * `_money`; see server/mail/digest-line.ts), a list is written item by item.
 */
export type LineValues = Record<string, string | number | string[]>;
/** A digest line as English messages and their values, stored with the line to write it in its reader's language. */
export type LineMessage = { title: string; detail: string; values: LineValues };

import { describe, expect, it } from 'vitest';
import { digestDue, localDayAndHour, NOTIFICATION_MESSAGES, notificationSettingsInputSchema } from './schema';

const messages = (body: unknown) => notificationSettingsInputSchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('notification settings input', () => {
  it('takes known events with a mode each, an hour and a time zone', () => {
    expect(messages({ choices: { status_changed: 'daily', exceptions: 'off' }, digest_hour: 17, time_zone: 'Europe/Istanbul' })).toEqual([]);
  });

  it('names an unknown event in plain words and never echoes the key', () => {
    const found = messages({ choices: { '[{': 'instant' }, digest_hour: 8, time_zone: 'UTC' });
    expect(found).toEqual([`choices: ${NOTIFICATION_MESSAGES.event}`]);
    expect(found.join()).not.toContain('[{');
  });

  it('asks for an object of choices, an hour from 0 to 23 and a known zone', () => {
    expect(messages({ choices: 5, digest_hour: 24, time_zone: 'Mars/Olympus_Mons' })).toEqual([
      `choices: ${NOTIFICATION_MESSAGES.choices}`,
      `digest_hour: ${NOTIFICATION_MESSAGES.hour}`,
      `time_zone: ${NOTIFICATION_MESSAGES.timeZone}`,
    ]);
  });

  it('refuses a mode the event does not offer (exceptions: daily or off only)', () => {
    expect(messages({ choices: { exceptions: 'instant' }, digest_hour: 8, time_zone: 'UTC' })).toEqual(['choices.exceptions: Choose one of: Daily digest, Off']);
  });
});

describe('digest timing', () => {
  it('reads the local day and hour in the person’s zone (Tokyo is UTC+9, no summer time)', () => {
    expect(localDayAndHour(new Date('2031-03-01T23:05:00Z'), 'Asia/Tokyo')).toEqual({ day: '2031-03-02', hour: 8 });
  });

  it('keeps each zone its own when asked for several in turn (one formatter per zone, kept)', () => {
    const at = new Date('2031-03-01T23:05:00Z');
    expect(localDayAndHour(at, 'Europe/Istanbul')).toEqual({ day: '2031-03-02', hour: 2 });
    expect(localDayAndHour(at, 'America/New_York')).toEqual({ day: '2031-03-01', hour: 18 });
    expect(localDayAndHour(at, 'Asia/Tokyo')).toEqual({ day: '2031-03-02', hour: 8 });
    expect(localDayAndHour(at, 'Europe/Istanbul')).toEqual({ day: '2031-03-02', hour: 2 });
  });

  it('is due once the chosen hour is reached, and not again the same local day', () => {
    const at = new Date('2031-03-01T23:05:00Z');
    expect(digestDue(new Date('2031-03-01T22:30:00Z'), 'Asia/Tokyo', 8, null)).toEqual({ due: false, day: '2031-03-02' });
    expect(digestDue(at, 'Asia/Tokyo', 8, null)).toEqual({ due: true, day: '2031-03-02' });
    expect(digestDue(at, 'Asia/Tokyo', 8, '2031-03-02')).toEqual({ due: false, day: '2031-03-02' });
    expect(digestDue(at, 'Asia/Tokyo', 8, '2031-03-01')).toEqual({ due: true, day: '2031-03-02' });
  });
});

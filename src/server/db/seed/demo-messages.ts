/**
 * Demo conversations (issue 15): the demo customer talks with the handlers on three of their shipments and on their
 * quoted request, with one internal note among them, and the latest word on one shipment is the handler's, so the
 * customer meets an unread thread on first sign-in; three other companies have a short thread each. Runs once (its
 * own app_meta key), after the demo shipments and requests.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { app_meta, companies, customers, messages, requests, shipments, thread_reads, threads, users } from '../schema';
import { DEMO_COMPANY } from './demo-fixtures';

const META_KEY = 'demo_messages_seeded';
const HOUR = 3_600_000;

/** Who writes: the customer, the subject's handler, or a staff note only staff read. */
type Line = { by: 'customer' | 'staff' | 'note'; text: string; hoursAgo: number };

const SHIPMENT_TALKS: Line[][] = [
  [
    { by: 'customer', text: 'Good morning,\ncould you confirm the container was loaded? Our buyer is asking.', hoursAgo: 30 },
    { by: 'staff', text: 'Good morning Mehmet,\nyes: loaded yesterday 16:40, the seal number is on the shipment page.', hoursAgo: 28 },
    { by: 'note', text: 'Carrier invoice still open: do not release the B/L before payment.', hoursAgo: 27 },
    { by: 'staff', text: 'Update: the vessel left on time. Estimated arrival unchanged.', hoursAgo: 3 },
  ],
  [
    { by: 'customer', text: 'Can we add two pallets to this booking?', hoursAgo: 50 },
    { by: 'staff', text: 'Two pallets fit. I have added them; the revised weight shows on the page.', hoursAgo: 47 },
    { by: 'customer', text: 'Thank you!', hoursAgo: 46 },
  ],
  [
    { by: 'staff', text: 'Customs asked for the certificate of origin. Could you upload it here?', hoursAgo: 80 },
    { by: 'customer', text: 'Sent by courier this morning, the scan follows.', hoursAgo: 76 },
  ],
];
const REQUEST_TALK: Line[] = [
  { by: 'customer', text: 'Is the quoted rate valid for a second shipment next month?', hoursAgo: 20 },
  { by: 'staff', text: 'Yes, if the cargo is ready before the validity date. After that I will quote again.', hoursAgo: 18 },
];
/** In the company's language: the Turkish customer (Bosphorus Automotive Parts) and its handler write Turkish. */
const OTHER_TALK: Record<'en' | 'tr', Line[]> = {
  en: [
    { by: 'staff', text: 'Your cargo has arrived at the warehouse; delivery is planned for tomorrow morning.', hoursAgo: 12 },
    { by: 'customer', text: 'Perfect, the receiving team is informed.', hoursAgo: 10 },
  ],
  tr: [
    { by: 'staff', text: 'Yükünüz depoya ulaştı; teslimat yarın sabah için planlandı.', hoursAgo: 12 },
    { by: 'customer', text: 'Harika, teslim alma ekibimize haber verdik. Teşekkürler!', hoursAgo: 10 },
  ],
};

export async function seedDemoMessages(db: Db): Promise<boolean> {
  const done = await db.select().from(app_meta).where(eq(app_meta.key, META_KEY));
  if (done.length > 0) return false;
  const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_COMPANY));
  if (!demo) return false;
  const staff = await db.select({ id: users.id, name: users.name, role: users.role }).from(users).where(inArray(users.role, ['admin', 'export', 'import']));
  const [customer] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, 'customer@cargodesk.test'));
  const admin = staff.find((s) => s.role === 'admin');
  if (!customer || !admin) return false;
  const nameOf = (id: string | null) => staff.find((s) => s.id === id) ?? admin;

  await db.transaction(async (tx) => {
    const talk = async (subject: { shipment_id?: string; request_id?: string; company_id: string; handler_id: string | null }, lines: Line[], writer: { id: string | null; name: string }, readByCustomer: boolean) => {
      const handler = nameOf(subject.handler_id);
      const at = (l: Line) => new Date(Date.now() - l.hoursAgo * HOUR);
      const last = lines.at(-1)!;
      const lastPublic = [...lines].reverse().find((l) => l.by !== 'note');
      const [t] = await tx
        .insert(threads)
        .values({ ...subject, last_message_at: at(last), last_public_at: lastPublic ? at(lastPublic) : null, created_at: at(lines[0]!) })
        .returning({ id: threads.id });
      await tx.insert(messages).values(
        lines.map((l) => ({
          thread_id: t!.id, company_id: subject.company_id, body: l.text, internal: l.by === 'note', created_at: at(l),
          author_id: l.by === 'customer' ? writer.id : l.by === 'note' ? admin.id : handler.id,
          author_name: l.by === 'customer' ? writer.name : l.by === 'note' ? admin.name : handler.name,
          author_is_staff: l.by !== 'customer',
        })),
      );
      // The handler has read everything; the customer has read up to their own last message (or all of it).
      await tx.insert(thread_reads).values({ user_id: handler.id, thread_id: t!.id, read_at: at(last) });
      if (writer.id) {
        const ownLast = [...lines].reverse().find((l) => l.by === 'customer');
        const read = readByCustomer ? lastPublic : ownLast;
        if (read) await tx.insert(thread_reads).values({ user_id: writer.id, thread_id: t!.id, read_at: at(read) });
      }
    };

    const own = await tx
      .select({ id: shipments.id, company_id: shipments.company_id, handler_id: shipments.handler_id })
      .from(shipments)
      .where(and(eq(shipments.company_id, demo.id), inArray(shipments.status, ['in_transit', 'in_progress', 'customs_check'])))
      .orderBy(desc(shipments.created_at))
      .limit(SHIPMENT_TALKS.length);
    for (const [i, s] of own.entries()) await talk({ shipment_id: s.id, company_id: s.company_id, handler_id: s.handler_id }, SHIPMENT_TALKS[i]!, customer, i > 0);

    const [quoted] = await tx
      .select({ id: requests.id, company_id: requests.company_id, handler_id: requests.handler_id })
      .from(requests)
      .where(and(eq(requests.company_id, demo.id), eq(requests.status, 'quoted')))
      .orderBy(desc(requests.created_at))
      .limit(1);
    if (quoted) await talk({ request_id: quoted.id, company_id: quoted.company_id, handler_id: quoted.handler_id }, REQUEST_TALK, customer, true);

    // Three other companies, the Turkish-speaking ones first (so the Turkish customer's portal has its own thread).
    const others = await tx.execute<{ id: string; company_id: string; handler_id: string | null; contact: string; language: string }>(sql`
      select * from (
        select distinct on (s.company_id) s.id, s.company_id, s.handler_id, c.first_name || ' ' || c.last_name as contact, k.language
        from ${shipments} s join ${customers} c on c.company_id = s.company_id join ${companies} k on k.id = s.company_id
        where s.company_id <> ${demo.id} and s.status in ('delivered', 'in_transit')
        order by s.company_id, s.status = 'delivered' desc, s.created_at desc, c.email
      ) o
      order by o.language = 'tr' desc, o.company_id
      limit 3`);
    for (const s of others.rows) {
      await talk({ shipment_id: s.id, company_id: s.company_id, handler_id: s.handler_id }, OTHER_TALK[s.language === 'tr' ? 'tr' : 'en'], { id: null, name: s.contact }, true);
    }
    await tx.insert(app_meta).values({ key: META_KEY, value: { at: new Date().toISOString(), threads: own.length + (quoted ? 1 : 0) + others.rows.length } });
  });
  return true;
}



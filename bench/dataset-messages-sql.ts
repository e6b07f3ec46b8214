/**
 * The SQL that generates the benchmark data set's conversation (issue 15) inside the database, on PostgreSQL and
 * PGlite alike: threads on shipments and requests, their messages and reads.
 */
import type { DatasetParams } from './dataset-sql';

/**
 * The conversation (issue 15, dataset version 5): threads on a tenth of the shipments and of the requests, `messages`
 * messages in all. Exactly one thread holds exactly 200 messages (the S13 read, none internal so a customer reads all
 * 200): the one on the bench customer's newest shipment, the shipment their list shows first. Every other thread holds
 * 1 to ~80 (most a few, a long tail), never 200.
 */
export type MessagePlan = { shipmentThreads: number; requestThreads: number; special: boolean; messages: number };

/** The length of the one long thread (the portal's page of a thread, THREAD_PAGE_SIZE in src/domain/messages/schema.ts). */
export const LONG_THREAD = 200;

export function messagePlan(p: DatasetParams): MessagePlan | null {
  const messages = p.messages ?? 0;
  if (messages <= 0) return null;
  const special = p.shipments > 0 && messages >= LONG_THREAD + 1;
  let shipmentThreads = Math.round(p.shipments / 10);
  let requestThreads = Math.round((p.requests ?? 0) / 10);
  if (special) shipmentThreads = Math.max(shipmentThreads, 1);
  // Every other thread holds at least one message: fewer threads when the messages are few.
  const room = messages - (special ? LONG_THREAD : 0);
  const others = shipmentThreads + requestThreads - (special ? 1 : 0);
  if (others > room) {
    const f = room / others;
    requestThreads = Math.floor(requestThreads * f);
    shipmentThreads = Math.floor((shipmentThreads - (special ? 1 : 0)) * f) + (special ? 1 : 0);
  }
  // A thread's share of the extra messages is its weight, random()^4 (mean 1/5, at most 1), over the weights' sum: the
  // longest other thread holds about 1 + 5 x extra / threads. At 200 the S13 read would find two long threads.
  const threads = shipmentThreads + requestThreads - (special ? 1 : 0);
  const longest = threads > 0 ? 1 + (5 * (room - threads)) / threads : 0;
  if (special && longest >= LONG_THREAD * 0.9) {
    throw new Error(`${messages} messages over ${threads} threads would make threads of about ${Math.round(longest)} messages besides the one of ${LONG_THREAD}: set MESSAGES lower or SHIPMENTS and REQUESTS higher`);
  }
  return { shipmentThreads, requestThreads, special, messages };
}

/** What a message says: sentences of a forwarder's day (each 20-130 characters), combined into the body bank below. */
const SENTENCES = [
  'Thank you, received.',
  'Could you send us the updated commercial invoice?',
  'The cargo will be ready for pickup on Thursday morning.',
  'Please confirm the consignee address before we issue the house bill of lading.',
  'Booking is confirmed with the carrier; the documentation cut-off is Friday 12:00.',
  'Customs asked for the packing list and the certificate of origin.',
  'We have attached the draft bill of lading for your approval.',
  'The vessel is delayed by two days due to congestion at the port of loading.',
  'Can you share the HS codes for all items on the invoice?',
  'Pickup completed: 12 pallets loaded, the seal number is on the delivery note.',
  'Noted, we will inform the consignee.',
  'The truck arrived at the warehouse and loading starts within the hour.',
  'Please note that the free time at destination is 7 days.',
  'Is the shipment insured? If not, we can offer cargo insurance at 0.3% of the invoice value.',
  'Dimensions per pallet are 120 x 80 x 150 cm, stackable up to two high.',
  'The flight was rebooked because of an equipment change; the new ETA is tomorrow evening.',
  'We need the EORI number of the importer for the import declaration.',
  'The invoice for the freight charges will follow after departure.',
  'The container was released by customs this morning.',
  'The delivery appointment is set for Monday between 09:00 and 12:00.',
  'Could you check whether the goods contain lithium batteries?',
  'Thanks for the quick update!',
  'The shipper asks for a copy of the telex release.',
  'Please advise the preferred delivery window at destination.',
  'We noticed a weight difference of 40 kg against the booking; could you confirm the gross weight?',
  'The original documents were sent by courier today, the tracking number will follow.',
  'Demurrage starts on Wednesday if the container is not collected by then.',
  'The warehouse confirms receipt of all packages in good condition.',
  'Our agent at destination will contact the consignee to arrange customs clearance.',
  'The temperature log of the reefer container is attached for your records.',
  'Please make sure the labels show the shipment reference on every carton.',
  'The airline needs the dangerous goods declaration signed by the shipper before acceptance.',
  'Can we split the shipment into two deliveries?',
  'Transit time on this lane is currently 18 to 22 days port to port.',
  'We will check with the carrier and come back to you today.',
];

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const STEPS = Array.from({ length: SENTENCES.length - 1 }, (_, k) => k + 1).filter((k) => gcd(k, SENTENCES.length) === 1).slice(0, 12);

/**
 * `count` distinct message bodies, numbered from 0: one to nine different sentences (a body is cut before the sentence
 * that would take it past 560 characters), some on several lines, some with a greeting or a sign-off: 20-600 characters.
 */
export const messageBodiesSql = (count = 4096) => `
  create unlogged table bench_message_bodies as
  with s as (select array[${SENTENCES.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')}] as t),
       b as (
         select i, 1 + floor(power(random(), 2.2) * 9)::int as k, abs(hashtext('start' || i)::bigint) as start,
           -- A step prime to the bank's size walks it without repeating a sentence.
           (array[${STEPS.join(', ')}])[1 + i % ${STEPS.length}] as step
         from generate_series(0, ${count - 1}) i),
       parts as (
         select b.i, j, s.t[1 + (b.start + j * b.step) % array_length(s.t, 1)] as sentence,
           case when j = 1 then '' when abs(hashtext(b.i || '/' || j)::bigint) % 14 = 0 then E'\\n\\n' when abs(hashtext(b.i || '/' || j)::bigint) % 14 = 1 then E'\\n' else ' ' end as sep
         from b cross join s cross join generate_series(1, b.k) j),
       run as (select parts.*, sum(length(sep) + length(sentence)) over (partition by i order by j) as total from parts)
  select i,
    case when i % 10 = 0 then E'Hello,\\n\\n' else '' end || string_agg(sep || sentence, '' order by j)
      || case when i % 7 = 0 then E'\\n\\nBest regards' when i % 7 = 1 then ' Thanks' else '' end as body
  from run where j = 1 or total <= 560 group by i`;

/**
 * The threads to make, one row each (an unlogged work table, dropped after the load): the subject (shipment or request),
 * its company and handler, the life the messages spread over (a shipment's first 40 days, a request's first 21, never
 * past now), how many messages, and the authors: the handler (or, on an unassigned subject, a staff member) and the
 * company's customer user where one exists (the bench customer's company); elsewhere the customer's turns carry the
 * company's primary contact's name without an account (author_id null, as after the account is gone).
 */
export const threadPlanSql = (plan: MessagePlan, o: { customerEmail: string; createdPrefix: string }) => {
  const extra = plan.messages - (plan.special ? LONG_THREAD : 0) - (plan.shipmentThreads + plan.requestThreads - (plan.special ? 1 : 0));
  return `
  create unlogged table bench_thread_plan as
  with special as (
         select s.id from shipments s
         where s.company_id = (select company_id from customers where email = '${o.customerEmail}' limit 1) and s.reference_number not like '${o.createdPrefix}%'
         order by s.created_at desc, s.id limit ${plan.special ? 1 : 0}),
       subjects as (
         select 'shipment' as kind, s.id, s.company_id, s.handler_id, s.created_at as start_at, least(now(), s.created_at + interval '40 days') as end_at, true as special
         from shipments s where s.id in (select id from special)
         union all
         (select 'shipment', s.id, s.company_id, s.handler_id, s.created_at, least(now(), s.created_at + interval '40 days'), false
          from shipments s where s.id not in (select id from special) and s.reference_number not like '${o.createdPrefix}%'
          order by random() limit ${plan.shipmentThreads - (plan.special ? 1 : 0)})
         union all
         (select 'request', r.id, r.company_id, r.handler_id, r.created_at, least(now(), r.created_at + interval '21 days'), false
          from requests r order by random() limit ${plan.requestThreads})),
       w as (
         select sj.*, row_number() over (order by special desc, kind, id) as seq, case when special then 0 else power(random(), 4) end as weight
         from subjects sj),
       cs as (select w.*, sum(weight) over (order by seq) as cum from w),
       c as (select cs.*, lag(cum, 1, 0::double precision) over (order by seq) as prior, nullif(max(cum) over (), 0) as tot from cs),
       staff as (select array_agg(id order by id) ids from users where role <> 'customer' and email like 'staff%@bench.example'),
       cust as (
         select distinct on (k.company_id) k.company_id, u.id as user_id, u.full_name
         from customers k join users u on lower(u.email) = lower(k.email) and u.role = 'customer'
         order by k.company_id, u.created_at, u.id),
       contact as (
         select distinct on (company_id) company_id, first_name || ' ' || last_name as name
         from customers order by company_id, is_primary_contact desc, email)
  select gen_random_uuid() as thread_id, c.seq, c.kind, c.id as subject_id, c.company_id, c.handler_id, c.start_at, c.end_at, c.special,
    case when c.special then ${LONG_THREAD}
         -- The remaining messages shared by weight, rounded on the running sum: the counts add up exactly.
         else 1 + coalesce(round(${extra}::numeric * c.cum::numeric / c.tot::numeric) - round(${extra}::numeric * c.prior::numeric / c.tot::numeric), 0)::int end as n,
    coalesce(c.handler_id, staff.ids[1 + (c.seq % array_length(staff.ids, 1))::int]) as staff_id,
    cust.user_id as customer_id, coalesce(cust.full_name, contact.name, 'Customer') as customer_name,
    abs(hashtext(c.id::text)::bigint) % 2 as first_side
  from c cross join staff left join cust on cust.company_id = c.company_id left join contact on contact.company_id = c.company_id`;
};

/**
 * The load itself, in order: the threads (their times set after the messages), the messages in time order (so a
 * thread's messages lie among the others' as they would after years of use), the threads' first, last and last public
 * times from their messages, what people have read, and a file on one message in a hundred.
 * Messages: ~10% internal notes (staff; none on the long thread); the others alternate between the customer's side
 * and the staff's, one in five on the other side than the turn (so a side sometimes writes twice in a row); created_at
 * spread over the subject's life in order; bodies from the bank. The long thread gets a file on one message in ten.
 */
export const conversationSql = (bodies = 4096): { label: string; sql: string }[] => [
  {
    label: 'threads',
    sql: `
  insert into threads (id, shipment_id, request_id, company_id, handler_id, last_message_at, last_public_at, created_at)
  select thread_id, case when kind = 'shipment' then subject_id end, case when kind = 'request' then subject_id end, company_id, handler_id, start_at, null, start_at
  from bench_thread_plan`,
  },
  {
    label: 'messages',
    sql: `
  insert into messages (thread_id, company_id, author_id, author_name, author_is_staff, body, internal, created_at)
  select y.thread_id, y.company_id, case when y.staff then y.staff_id else y.customer_id end,
    case when y.staff then su.full_name else y.customer_name end, y.staff, b.body, y.internal, y.created_at
  from (
    select x.*, x.internal or (x.j + x.first_side + case when x.r2 < 0.2 then 1 else 0 end) % 2 = 0 as staff,
      x.start_at + (x.end_at - x.start_at) * ((x.j - 1) + 0.8 * x.r3) / x.n as created_at
    from (
      select p.thread_id, p.company_id, p.staff_id, p.customer_id, p.customer_name, p.first_side, p.start_at, p.end_at, p.n, j,
        not p.special and random() < 0.10 as internal, random() as r2, random() as r3, floor(random() * ${bodies})::int as bi
      from bench_thread_plan p cross join generate_series(1, p.n) j) x) y
  join users su on su.id = y.staff_id
  join bench_message_bodies b on b.i = y.bi
  order by y.created_at`,
  },
  {
    label: 'thread times',
    sql: `
  update threads t set last_message_at = m.last, last_public_at = m.last_public, created_at = m.first
  from (select thread_id, min(created_at) as first, max(created_at) as last, max(created_at) filter (where not internal) as last_public
        from messages group by thread_id) m
  where m.thread_id = t.id`,
  },
  {
    // The handler has opened 70% of their threads (60% of those to the end); a colleague follows one thread in ten; the
    // customer user has opened 80% of their company's threads with a public message. The bench customer has read the
    // long thread up to its 150th message.
    label: 'thread reads',
    sql: `
  insert into thread_reads (user_id, thread_id, read_at)
  select user_id, thread_id, read_at from (
    select t.handler_id as user_id, t.id as thread_id,
      case when t.r < 0.6 then t.last_message_at else t.created_at + (t.last_message_at - t.created_at) * t.r2 end as read_at
    from (select th.*, random() as r0, random() as r, random() as r2 from threads th where th.handler_id is not null) t where t.r0 < 0.7
    union all
    select f.follower, f.id,
      case when f.r < 0.5 then f.last_message_at else f.created_at + (f.last_message_at - f.created_at) * f.r2 end
    from (
      select th.id, th.handler_id, th.created_at, th.last_message_at, random() as r, random() as r2,
        staff.ids[1 + floor(random() * array_length(staff.ids, 1))::int] as follower
      from threads th cross join (select array_agg(id order by id) ids from users where role <> 'customer') staff
      where random() < 0.1) f
    where f.follower is distinct from f.handler_id
    union all
    select p.customer_id, t.id,
      case when p.special then (select m.created_at from messages m where m.thread_id = t.id order by m.created_at, m.id offset 149 limit 1)
           when random() < 0.6 then t.last_public_at else t.created_at + (t.last_public_at - t.created_at) * random() end
    from bench_thread_plan p join threads t on t.id = p.thread_id
    where p.customer_id is not null and t.last_public_at is not null and (p.special or random() < 0.8)) r
  on conflict (user_id, thread_id) do nothing`,
  },
  {
    label: 'attachments',
    sql: `
  insert into files (name, original_name, size, content_type, uploaded_by, created_at)
  select 'bench-message-' || m.id, f.original_name, 20000 + abs(hashtext(m.id::text)::bigint) % 2000000, f.content_type, m.author_id, m.created_at
  from messages m
  cross join lateral (select (array['Commercial invoice.pdf','Packing list.pdf','Draft BL.pdf','Photo of the pallets.jpg','Certificate of origin.pdf','Delivery note.pdf'])[1 + abs(hashtext(m.id::text)::bigint) / 100 % 6] as original_name) f0
  cross join lateral (select f0.original_name, case when f0.original_name like '%.jpg' then 'image/jpeg' else 'application/pdf' end as content_type) f
  where abs(hashtext(m.id::text)::bigint) % 100 = 0
    or (abs(hashtext(m.id::text)::bigint) % 10 = 0 and m.thread_id in (select thread_id from bench_thread_plan where special))`,
  },
  {
    label: 'message attachments',
    sql: `
  insert into message_attachments (message_id, document_name, company_id, internal, original_name, size, content_type, created_at)
  select m.id, f.name, m.company_id, m.internal, f.original_name, f.size, f.content_type, m.created_at
  from files f join messages m on m.id = substr(f.name, 15)::uuid
  where f.name like 'bench-message-%'`,
  },
];

/** The conversation's tables and the work tables, emptied before a load (the message files are the bench's own). */
export const conversationResetSql = () => [
  'drop table if exists bench_message_bodies, bench_thread_plan',
  'truncate thread_reads, message_attachments, messages, threads, request_attachments',
  "delete from files where name like 'bench-message-%'",
];

/** After the load: the work tables go; the check that the long thread is there, once. */
export const conversationDoneSql = () => ['drop table if exists bench_message_bodies, bench_thread_plan'];

export const longThreadCountSql = () => `
  select count(*)::int as n from (select thread_id from messages group by thread_id having count(*) = ${LONG_THREAD}) x`;

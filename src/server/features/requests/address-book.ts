/**
 * A company's address book (issue 45, decision record 0280): the parties its requests named with "Save to address
 * book", one per name (case aside), read back most recently used first for the next request's form.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { company_parties } from '@server/db/schema';
import { withCustomerScope } from '@server/db/customer-scope';
import type { SessionUser } from '@server/http/context';
import { customerCompanyId } from '@server/policy';
import { MAX_ADDRESS_BOOK, type AddressBookEntry } from '@domain/requests/parties';

/** Adds the parties, or brings an entry of the same name up to date (its address, its last use). */
export async function keepParties(tx: Tx, companyId: string, parties: { name: string; address: string | null }[]): Promise<void> {
  for (const p of parties) {
    await tx.execute(sql`
      insert into ${company_parties} (company_id, name, address) values (${companyId}, ${p.name}, ${p.address})
      on conflict (company_id, lower(name)) do update set name = excluded.name, address = excluded.address, used_at = now()`);
  }
}

/**
 * The customer's company's entries, the most recently used first (then by name), at most MAX_ADDRESS_BOOK; read
 * under row-level security as well as filtered by the company.
 */
export async function listAddressBook(db: Db, user: SessionUser): Promise<AddressBookEntry[]> {
  const companyId = customerCompanyId(user);
  return withCustomerScope(db, user, async (d) => {
    const r = await d.execute<AddressBookEntry>(sql`
      select id, name, address from company_parties where company_id = ${companyId}
      order by used_at desc, lower(name), id limit ${MAX_ADDRESS_BOOK}`);
    return r.rows;
  });
}

import type { drizzle } from 'drizzle-orm/node-postgres';
import type * as schema from './schema';

/** The database handle the services take (client.ts opens it; read-only.ts runs a scope on it without importing client.ts). */
export type Db = ReturnType<typeof drizzle<typeof schema>>;

import { isTimeZone } from '@safety-shield/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { NODE_CACHE_MS, TtlCache } from '../../ttl-cache.js';

/**
 * Each company's time zone (docs/decisions.md, "Statistics (issue 19)"): organisations have none of their own, so a
 * company's days are those of its first Company Admin's account zone; a company without one, or with a zone the database
 * does not know, counts in UTC. Read once per NODE_CACHE_MS for all companies.
 */
export class CompanyZones {
  private readonly cache = new TtlCache<'all', Map<number, string>>(NODE_CACHE_MS, 1);
  /** The zone names PostgreSQL knows (`at time zone` refuses others); read once. */
  private known: Promise<Set<string>> | undefined;

  constructor(private readonly db: Db) {}

  private databaseZones(): Promise<Set<string>> {
    this.known ??= this.db
      .execute(sql`select name from pg_timezone_names`)
      .then((result) => new Set(rowsOf<{ name: string }>(result).map((row) => row.name)));
    return this.known;
  }

  /** The zones of the companies that have one other than UTC; every other company counts in UTC. */
  async all(): Promise<Map<number, string>> {
    const cached = this.cache.get('all');
    if (cached) return cached;
    const known = await this.databaseZones();
    const result = await this.db.execute(sql`
      select distinct on (a.belong_company_id) a.belong_company_id as company_id, a.time_zone
      from account a
      where a.role = 'COMPANY_ADMIN' and a.belong_company_id is not null and coalesce(a.time_zone, '') <> ''
      order by a.belong_company_id, a.id`);
    const zones = new Map<number, string>();
    for (const row of rowsOf<{ company_id: number; time_zone: string }>(result)) {
      if (isTimeZone(row.time_zone) && known.has(row.time_zone)) zones.set(Number(row.company_id), row.time_zone);
    }
    this.cache.set('all', zones);
    return zones;
  }

  /** A company's zone. */
  async of(companyId: number): Promise<string> {
    return (await this.all()).get(companyId) ?? 'UTC';
  }

  /** A change of an account's zone shows at once on this node (tests; other nodes within NODE_CACHE_MS). */
  forget(): void {
    this.cache.clear();
  }
}

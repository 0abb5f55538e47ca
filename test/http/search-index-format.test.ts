// A database whose search index an older netkb made (before names were indexed by their camel-case words)
// is rebuilt at start-up, like one built from other seed files: otherwise an upgraded server would keep
// answering "DualStack" with nothing. Runs on the run's provider (SQLite file or PostgreSQL database).
import Database from 'better-sqlite3';
import { Client } from 'pg';
import { seedDir } from '../../src/config';
import { ensureDatabase } from '../../src/db/ensure';
import { isPostgres } from '../../src/db/location';
import { openSearchIndex, searchIndexCurrentAt } from '../../src/db/search';
import { copySeededDatabase } from '../support/database';

/** Makes a copy look as an older netkb left it: an index without a stated format. */
async function forgetFormat(location: string): Promise<void> {
  if (isPostgres(location)) {
    const client = new Client({ connectionString: location });
    await client.connect();
    try {
      await client.query('DROP TABLE netkb_search_format');
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(location);
  try {
    db.exec('DROP TABLE search_index_format');
  } finally {
    db.close();
  }
}

describe('the search index format', () => {
  it('is current in a freshly seeded database, which start-up leaves alone', async () => {
    const location = await copySeededDatabase();
    expect(await searchIndexCurrentAt(location)).toBe(true);
    expect(await ensureDatabase(location, seedDir())).toMatchObject({ rebuilt: false, reason: 'up to date' });
  });

  it('rebuilds an index an older netkb made, after which camel-case words are found', async () => {
    const location = await copySeededDatabase();
    await forgetFormat(location);
    expect(await searchIndexCurrentAt(location)).toBe(false);
    const ensured = await ensureDatabase(location, seedDir());
    expect(ensured).toMatchObject({ rebuilt: true, reason: 'its search index was made by an older netkb' });
    expect(await searchIndexCurrentAt(location)).toBe(true);
    const index = openSearchIndex(location);
    try {
      const rows = await index.search('DualStack');
      expect(rows.filter((r) => r.inName).map((r) => r.key)).toContain('IPv6DualStack');
    } finally {
      index.close();
    }
  }, 180_000);
});

import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { auditLog } from '@db/schema';
import { recordAudit } from '@/features/backoffice/server/audit';
import { verifyAuditChain } from '@/features/backoffice/server/audit-chain';
import { getDb } from '@/server/db/client';

/**
 * The audit log's hash chain (issue 24 §3): the append-only trigger stops the application, not
 * the database's owner, who can disable it and rewrite history. Each test does exactly that — as
 * the owner, trigger off — and the check must see it; putting the row back makes it pass again.
 */

async function asOwner(statements: ReturnType<typeof sql>[], triggers = ['audit_log_no_update_delete']) {
  const db = await getDb();
  for (const t of triggers) await db.execute(sql.raw(`ALTER TABLE audit_log DISABLE TRIGGER ${t}`));
  try {
    for (const s of statements) await db.execute(s);
  } finally {
    for (const t of triggers) await db.execute(sql.raw(`ALTER TABLE audit_log ENABLE TRIGGER ${t}`));
  }
}

async function writeSome(n: number) {
  for (let i = 0; i < n; i++) {
    await recordAudit({
      staffId: null,
      action: 'order.note',
      targetType: 'order',
      targetId: `t-${i}`,
      after: { note: `メモ ${i}` },
      ip: '192.0.2.1',
    });
  }
  const db = await getDb();
  return db.select().from(auditLog).orderBy(desc(auditLog.chainSeq)).limit(n);
}

describe('the audit log hash chain', () => {
  it('chains every row, whatever the insert said, and the check passes on an untouched log', async () => {
    const [last] = await writeSome(3);
    expect(last?.hash).toMatch(/^[0-9a-f]{64}$/);
    const db = await getDb();
    // an insert that names its own place and hash is chained by the trigger all the same
    await db.insert(auditLog).values({ action: 'order.note', chainSeq: 999, hash: 'f'.repeat(64), ip: null, staffId: null });
    const [forged] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(forged?.chainSeq).toBe((last?.chainSeq ?? 0) + 1);
    expect(forged?.hash).not.toBe('f'.repeat(64));
    const report = await verifyAuditChain();
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.headSeq).toBe(forged?.chainSeq);
    expect(report.headHash).toBe(forged?.hash);
  });

  it('shows a row edited behind the trigger’s back, and passes again once it is put back', async () => {
    const rows = await writeSome(3);
    const victim = rows[1]!;
    await asOwner([sql`UPDATE audit_log SET after = '{"note":"書き換えた"}'::jsonb WHERE id = ${victim.id}`]);
    const report = await verifyAuditChain();
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({ kind: 'edited', id: victim.id, message: expect.stringContaining('変更されています') }),
    ]);
    // an edit of the hash too (to match the new content) breaks the link to the next row instead
    await asOwner([
      sql`UPDATE audit_log SET after = ${JSON.stringify(victim.after)}::jsonb, ip = '203.0.113.9' WHERE id = ${victim.id}`,
      sql`UPDATE audit_log SET hash = encode(sha256(convert_to((SELECT hash FROM audit_log p WHERE p.chain_seq = audit_log.chain_seq - 1) || audit_log_canonical(audit_log), 'UTF8')), 'hex') WHERE id = ${victim.id}`,
    ]);
    const rehashed = await verifyAuditChain();
    expect(rehashed.ok).toBe(false);
    expect(rehashed.problems.map((p) => p.kind)).toEqual(['edited']);
    expect(rehashed.problems[0]?.id).toBe(rows[0]!.id);

    await asOwner([sql`UPDATE audit_log SET ip = ${victim.ip}, hash = ${victim.hash} WHERE id = ${victim.id}`]);
    expect((await verifyAuditChain()).ok).toBe(true);
  });

  it('shows a deleted row, a deleted last row and a row added with the chain trigger off', async () => {
    const rows = await writeSome(3);
    const [newest, middle] = rows;
    // kept as the database holds them (a JavaScript Date would lose the microseconds of \`at\`,
    // which PostgreSQL keeps and the hash covers), to be put back at the end
    const db = await getDb();
    await db.execute(sql`DROP TABLE IF EXISTS audit_chain_test_kept`);
    await db.execute(sql`CREATE TABLE audit_chain_test_kept AS SELECT * FROM audit_log WHERE id IN (${middle!.id}, ${newest!.id})`);
    await asOwner([sql`DELETE FROM audit_log WHERE id = ${middle!.id}`]);
    const gap = await verifyAuditChain();
    expect(gap.ok).toBe(false);
    expect(gap.problems.map((p) => p.kind)).toEqual(['missing', 'edited']);
    expect(gap.problems[0]?.chainSeq).toBe(middle!.chainSeq);

    await asOwner([sql`DELETE FROM audit_log WHERE id = ${newest!.id}`]);
    const cut = await verifyAuditChain();
    // the last rows gone: nothing after them to break, but the head still says where the chain ended
    expect(cut.problems.map((p) => p.kind)).toEqual(['head']);
    expect(cut.problems[0]?.message).toMatch(/削除されています/);

    await asOwner([sql`INSERT INTO audit_log (action, ip) VALUES ('order.note', 'x')`], ['audit_log_chain']);
    const sneaked = await verifyAuditChain();
    expect(sneaked.problems.map((p) => p.kind)).toContain('unchained');

    // put everything back as it was: the chain holds again
    const [sneakedRow] = await db.select().from(auditLog).where(eq(auditLog.chainSeq, 0));
    await asOwner(
      [
        sql`DELETE FROM audit_log WHERE id = ${sneakedRow!.id}`,
        sql`INSERT INTO audit_log SELECT * FROM audit_chain_test_kept`,
        sql`DROP TABLE audit_chain_test_kept`,
      ],
      ['audit_log_no_update_delete', 'audit_log_chain'],
    );
    expect((await verifyAuditChain()).problems).toEqual([]);
  });

  it('chains concurrent inserts one after the other', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => recordAudit({ staffId: null, action: 'order.note', after: { note: String(i) }, ip: null })),
    );
    const report = await verifyAuditChain();
    expect(report.ok).toBe(true);
  });
});

import 'server-only';

import { createHash } from 'node:crypto';

import { sql } from 'drizzle-orm';

import { getDb, type Db } from '@/server/db/client';

/**
 * The audit log's hash chain check (issue 24 §3, docs/decisions/0059). The database's insert
 * trigger gives each row its place (`chain_seq`) and `hash` = sha256(previous row's hash ‖ the
 * row's canonical content, `audit_log_canonical`). This walks the chain in order and recomputes
 * every hash here, in Node: a row edited behind the append-only trigger's back (its content no
 * longer matches its hash), deleted (a place missing, and the next row's hash no longer follows),
 * or inserted with the chain trigger off (no place) shows, and so does a cut end (the head's place
 * and hash against the last row's).
 */

export const AUDIT_CHAIN_GENESIS = '0'.repeat(64);
const BATCH = 2000;

export interface ChainProblem {
  /** the row's place in the chain (0: a row that has none) */
  chainSeq: number;
  /** the row's id, null when the row itself is missing */
  id: number | null;
  kind: 'edited' | 'missing' | 'unchained' | 'head';
  message: string;
}

export interface ChainReport {
  ok: boolean;
  /** rows checked */
  rows: number;
  /** the chain's last place and hash (staff may note them: a later check must still reach them) */
  headSeq: number;
  headHash: string;
  problems: ChainProblem[];
  checkedAt: string;
}

const MAX_PROBLEMS = 50;

function rowsOf<T>(result: unknown): T[] {
  // node-postgres answers { rows }, PGlite too
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}

export function chainHash(previous: string, canonical: string): string {
  return createHash('sha256')
    .update(previous + canonical, 'utf8')
    .digest('hex');
}

export async function verifyAuditChain(db?: Db): Promise<ChainReport> {
  const conn = db ?? (await getDb());
  const problems: ChainProblem[] = [];
  const add = (p: ChainProblem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  const [head] = rowsOf<{ seq: string | number; hash: string }>(
    await conn.execute(sql`SELECT seq, hash FROM audit_chain_head WHERE id = 1`),
  );
  const unchained = rowsOf<{ id: string | number }>(
    await conn.execute(sql`SELECT id FROM audit_log WHERE chain_seq = 0 OR hash = '' ORDER BY id LIMIT ${MAX_PROBLEMS}`),
  );
  for (const u of unchained)
    add({
      chainSeq: 0,
      id: Number(u.id),
      kind: 'unchained',
      message: `記録 #${u.id} は連鎖に含まれていません（トリガーを止めて追加された記録です）。`,
    });

  let previous = AUDIT_CHAIN_GENESIS;
  let expectedSeq = 1;
  let rows = 0;
  let after = 0;
  for (;;) {
    const batch = rowsOf<{ id: string | number; chain_seq: string | number; hash: string; canonical: string }>(
      await conn.execute(sql`
        SELECT a.id, a.chain_seq, a.hash, audit_log_canonical(a) AS canonical
          FROM audit_log a
         WHERE a.chain_seq > ${after}
         ORDER BY a.chain_seq
         LIMIT ${BATCH}`),
    );
    if (batch.length === 0) break;
    for (const r of batch) {
      const seq = Number(r.chain_seq);
      const id = Number(r.id);
      if (seq !== expectedSeq) {
        add({
          chainSeq: expectedSeq,
          id: null,
          kind: 'missing',
          message:
            seq - expectedSeq === 1
              ? `連鎖の ${expectedSeq} 番目の記録がありません（削除されています）。`
              : `連鎖の ${expectedSeq}〜${seq - 1} 番目の記録がありません（削除されています）。`,
        });
      }
      const recomputed = chainHash(previous, r.canonical);
      if (recomputed !== r.hash) {
        add({
          chainSeq: seq,
          id,
          kind: 'edited',
          message:
            seq !== expectedSeq
              ? `記録 #${id}（連鎖の ${seq} 番目）は直前の記録とつながりません。`
              : `記録 #${id}（連鎖の ${seq} 番目）は書き込まれた後に変更されています。`,
        });
      }
      // the chain goes on from the stored hash: one edited row is reported once, not every row after it
      previous = r.hash;
      expectedSeq = seq + 1;
      rows += 1;
      after = seq;
    }
  }
  const headSeq = head ? Number(head.seq) : 0;
  const headHash = head?.hash ?? AUDIT_CHAIN_GENESIS;
  if (!head) {
    add({ chainSeq: 0, id: null, kind: 'head', message: '連鎖の末尾の記録（audit_chain_head）がありません。' });
  } else if (headSeq !== expectedSeq - 1 || headHash !== previous) {
    add({
      chainSeq: headSeq,
      id: null,
      kind: 'head',
      message:
        headSeq > expectedSeq - 1
          ? `連鎖の末尾（${headSeq} 番目）までの記録がありません。${expectedSeq - 1} 番目より後が削除されています。`
          : `連鎖の末尾（${headSeq} 番目）が記録と一致しません。`,
    });
  }
  return { ok: problems.length === 0, rows, headSeq, headHash, problems, checkedAt: new Date().toISOString() };
}

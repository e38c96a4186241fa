import { getRegistryStore, servedSnapshotId } from '@/features/registry/index.server';
import { getHealth } from '@/server/health';
import { defineRoute, method } from '@/server/http/route';

/**
 * GET /api/health — not in the spec; for operators and load balancers (503 while not ready).
 * The registry part comes from the RegistryStore the search uses, so "ready" means the file is
 * open and of this schema version, not merely present.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: method({
    auth: 'none',
    personal: true,
    handler: async () => {
      const health = await getHealth();
      const registry = registryHealth();
      const status = health.database.ok && registry.ok ? 'ok' : 'degraded';
      return Response.json({ ...health, status, registry }, { status: status === 'ok' ? 200 : 503 });
    },
  }),
});

type RegistryHealth =
  | {
      ok: true;
      state: 'ready';
      companies: number;
      searchable: number;
      historyRows: number;
      builtAt: string;
      isSample: boolean;
      dataDate: string | null;
      /** The published snapshot these files came from (docs/decisions/0120); null: built here, not published. */
      snapshotId: string | null;
    }
  | { ok: false; state: 'missing' | 'unreadable'; error: string };

function registryHealth(): RegistryHealth {
  const store = getRegistryStore();
  const state = store.acquire();
  if (!state.ok) {
    return {
      ok: false,
      state: state.reason,
      error:
        state.reason === 'missing'
          ? 'registry file not found; run npm run registry:import'
          : 'registry file unreadable or of another schema version; re-run npm run registry:import',
    };
  }
  const { counts, builtAt, isSample, dataDate, buildId } = state.registry.meta;
  return {
    ok: true,
    state: 'ready',
    companies: counts.companies,
    searchable: counts.searchable,
    historyRows: counts.historyRows,
    builtAt,
    isSample,
    // データ更新日: how current the data is (the updater moves it forward daily).
    dataDate,
    snapshotId: servedSnapshotId(store.path, buildId),
  };
}

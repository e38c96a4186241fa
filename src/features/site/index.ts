// The site feature's client-safe face (docs/architecture.md, "Feature faces"): help pages,
// maintenance notices, stored files. The notices table's owner is in ./index.server.ts.
export { MaintenanceNowResponseSchema, type MaintenanceNowResponse } from './schemas';

// The site feature's public face: help pages, maintenance notices, stored files.
export { MaintenanceNowResponseSchema, type MaintenanceNowResponse } from './schemas';

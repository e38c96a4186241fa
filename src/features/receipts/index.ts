/**
 * The receipts feature's public face (isomorphic): schemas and labels for the payment history
 * and receipt links. Server code lives in ./server and is imported by route handlers directly.
 */
export * from './schemas';
export { DownloadFileSchema } from './download-file';

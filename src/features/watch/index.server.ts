import 'server-only';

/** The watch feature's server face (issue 15): the watch list, events, digests and the job. */
export { addWatch, deleteWatchData, importWatch, isWatching, listWatch, listWatchEvents, removeWatch, setDigest } from './server/entries';
export {
  digestHeaders,
  digestMail,
  oneClickUnsubscribeUrl,
  sendDueDigests,
  unsubscribePageUrl,
  unsubscribeToken,
  unsubscribeUrl,
  unsubscribeVersion,
  unsubscribeWithToken,
} from './server/digest';
export { matchNewChanges, recordEvents } from './server/matcher';
export { invoiceEvents, registryEvents, type WatchEventDraft } from './server/classify';
export { runWatchJob, runWatchJobSafely, startServerWatchJob, WATCH_JOB } from './server/job';

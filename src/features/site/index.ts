// The site feature's public face: help pages, maintenance notices, stored files.
// Server-side: the notices table's one owner. The back office manages notices through these
// (docs/decisions/0012); each takes a hook that runs inside the same transaction.
export {
  attachNoticeFile,
  endNoticeNow,
  getCurrentNotice,
  getNotice,
  listNotices,
  noticeState,
  publishNotice,
  rescheduleNotice,
  type NoticeRecord,
} from './server/notices';

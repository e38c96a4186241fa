import 'server-only';

// The site feature's server face: the notices table's one owner. The back office manages notices
// through these (docs/decisions/0012); each takes a hook that runs inside the same transaction.
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

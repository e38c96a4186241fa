import { multiLineText, singleLineText } from '@/lib/plain-text';
import { z } from '@/lib/zod-ja';

/** Route params of /api/s3/download/{id}; a malformed id is answered like an unknown one (404). */
export const FileIdParamsSchema = z.strictObject({ id: z.string() });
export const FileIdSchema = z.uuid();

/** Input of `npm run notice:publish`. */
export const PublishNoticeArgsSchema = z
  .strictObject({
    title: singleLineText('タイトル', { trim: true }).min(1, 'タイトルを指定してください').max(200),
    body: multiLineText('本文', { trim: true }).min(1, '本文を指定してください').max(4000),
    from: z.coerce.date().optional(),
    until: z.coerce.date().optional(),
    start: z.coerce.date().optional(),
    end: z.coerce.date().optional(),
    pdf: z.string().optional(),
    name: singleLineText('ファイル名').max(200).optional(),
  })
  .refine((a) => !a.from || !a.until || a.from < a.until, { message: '掲載終了は掲載開始より後にしてください', path: ['until'] })
  .refine((a) => !a.start || !a.end || a.start < a.end, { message: 'メンテナンス終了は開始より後にしてください', path: ['end'] });

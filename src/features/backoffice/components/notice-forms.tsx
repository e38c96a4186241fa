'use client';

import { useState, type FormEvent } from 'react';

import { toDateTimeLocalJst } from '@/lib/format';

import { attachNoticeFile, createNotice, endNotice, updateNoticeSchedule } from '../client/api';
import { FILE_NAME_HEADER, NOTICE_PDF_MAX_BYTES } from '../constants';

import styles from './admin.module.css';
import { Field } from './field';
import { Status, SubmitRow, useAdminSubmit as useSubmit } from './form-kit';

function ScheduleFields({
  fields,
  initial,
  requireFrom,
}: {
  fields: Record<string, string>;
  initial?: { publishFrom: string; publishUntil: string | null; maintenanceStart: string | null; maintenanceEnd: string | null };
  requireFrom: boolean;
}) {
  return (
    <>
      <div className={styles.row}>
        <DateTimeField
          name="publishFrom"
          label="掲載開始（日本時間）"
          hint={requireFrom ? undefined : '空欄なら今すぐ掲載します。'}
          error={fields.publishFrom}
          value={initial?.publishFrom}
        />
        <DateTimeField
          name="publishUntil"
          label="掲載終了（日本時間）"
          hint="空欄なら終了操作をするまで掲載します。"
          error={fields.publishUntil}
          value={initial?.publishUntil}
        />
      </div>
      <div className={styles.row}>
        <DateTimeField
          name="maintenanceStart"
          label="メンテナンス開始（任意）"
          error={fields.maintenanceStart}
          value={initial?.maintenanceStart}
        />
        <DateTimeField
          name="maintenanceEnd"
          label="メンテナンス終了（任意）"
          error={fields.maintenanceEnd}
          value={initial?.maintenanceEnd}
        />
      </div>
    </>
  );
}

/** A date and time in Japan (datetime-local), its id and name the schedule field's key, filled from the stored instant. */
function DateTimeField({
  name,
  label,
  hint,
  error,
  value,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  value: string | null | undefined;
}) {
  return (
    <Field id={name} label={label} hint={hint} error={error}>
      <input
        id={name}
        name={name}
        type="datetime-local"
        className={styles.input}
        defaultValue={value ? toDateTimeLocalJst(new Date(value)) : ''}
      />
    </Field>
  );
}

const str = (data: FormData, key: string) => String(data.get(key) ?? '');

export function NoticeCreateForm() {
  const { busy, error, fields, done, run } = useSubmit();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void run(async () => {
      const notice = await createNotice({
        title: str(data, 'title'),
        body: str(data, 'body'),
        publishFrom: str(data, 'publishFrom'),
        publishUntil: str(data, 'publishUntil'),
        maintenanceStart: str(data, 'maintenanceStart'),
        maintenanceEnd: str(data, 'maintenanceEnd'),
      });
      return { redirectTo: `/admin/notices/${notice.id}` };
    }, 'お知らせを登録しました。');
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="お知らせの作成">
      <Status error={error} done={done} />
      <Field id="title" label="タイトル" error={fields.title}>
        <input id="title" name="title" className={styles.input} maxLength={200} required />
      </Field>
      <Field id="body" label="本文" hint="サイトの上部に表示されます。4000文字まで。" error={fields.body}>
        <textarea id="body" name="body" className={styles.textarea} maxLength={4000} required />
      </Field>
      <ScheduleFields fields={fields} requireFrom={false} />
      <SubmitRow busy={busy}>登録する</SubmitRow>
    </form>
  );
}

export function NoticeScheduleForm({
  notice,
}: {
  notice: { id: string; publishFrom: string; publishUntil: string | null; maintenanceStart: string | null; maintenanceEnd: string | null };
}) {
  const { busy, error, fields, done, run } = useSubmit();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void run(async () => {
      await updateNoticeSchedule(notice.id, {
        publishFrom: str(data, 'publishFrom'),
        publishUntil: str(data, 'publishUntil'),
        maintenanceStart: str(data, 'maintenanceStart'),
        maintenanceEnd: str(data, 'maintenanceEnd'),
      });
    }, '掲載期間を変更しました。');
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="掲載期間の変更">
      <Status error={error} done={done} />
      <ScheduleFields fields={fields} initial={notice} requireFrom />
      <SubmitRow busy={busy}>期間を保存する</SubmitRow>
    </form>
  );
}

export function NoticeEndButton({ id, ended }: { id: string; ended: boolean }) {
  const { busy, error, done, run } = useSubmit();
  return (
    <div>
      <Status error={error} done={done} />
      {ended ? null : (
        <button
          type="button"
          className={`${styles.button} ${styles.buttonDanger}`}
          disabled={busy}
          onClick={() => {
            if (!window.confirm('このお知らせの掲載を今すぐ終了します。よろしいですか？')) return;
            void run(async () => {
              await endNotice(id);
            }, '掲載を終了しました。サイトのお知らせ表示は消えています。');
          }}
        >
          今すぐ掲載を終了する
        </button>
      )}
    </div>
  );
}

export function NoticeFileForm({ id, current }: { id: string; current: string | null }) {
  const { busy, error, fields, done, run } = useSubmit();
  const [clientError, setClientError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement;
    const file = input.files?.[0];
    setClientError(null);
    if (!file) return setClientError('PDF ファイルを選んでください。');
    if (file.size > NOTICE_PDF_MAX_BYTES) return setClientError('ファイルが大きすぎます。10MB 以下の PDF を選んでください。');
    void run(async () => {
      await attachNoticeFile(id, {
        data: file,
        contentType: 'application/pdf',
        headers: { [FILE_NAME_HEADER]: encodeURIComponent(file.name) },
      });
      input.value = '';
    }, 'PDF を添付しました。');
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="PDF の添付">
      <Status error={clientError ?? error} done={done} />
      <Field
        id="file"
        label={current ? `PDF を差し替える（現在：${current}）` : 'PDF を添付する'}
        hint="PDF 形式、10MB まで。サイトのお知らせに「詳細（PDF）」のリンクが表示されます。"
        error={fields.file}
      >
        <input id="file" name="file" type="file" accept="application/pdf,.pdf" className={styles.input} />
      </Field>
      <SubmitRow busy={busy} look="secondary">
        アップロード
      </SubmitRow>
    </form>
  );
}

/** The kit's general messages (zod-free; also used by forms that check on their own, e.g. the receipt's 宛名). */
export const OFFLINE_MESSAGE = '通信できませんでした。インターネット接続を確認して、もう一度お試しください。';
export const UNEXPECTED_MESSAGE = 'エラーが発生しました。時間をおいてもう一度お試しください。';

import 'server-only';

export { renderMail, type RenderedMail } from './compose';
export { sendMail } from './transport';
export { backgroundMailsInFlight, sendMailInBackground, settleBackgroundMails } from './background';

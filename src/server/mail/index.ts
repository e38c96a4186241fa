import 'server-only';

export { renderMail, type RenderedMail } from './compose';
export { sendMail } from './transport';
export { sendMailInBackground } from './background';

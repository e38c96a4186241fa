import 'server-only';

export { renderMail, escapeHtml, type MailContent, type RenderedMail } from './compose';
export { sendMail, MailDeliveryError } from './transport';

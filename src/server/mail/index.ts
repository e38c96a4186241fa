import 'server-only';

export { renderMail, type MailContent, type RenderedMail } from './compose';
export { sendMail, MailDeliveryError, type SendMailOptions } from './transport';

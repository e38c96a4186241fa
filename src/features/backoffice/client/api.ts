/**
 * The back office's endpoints as its pages call them (docs/decisions/0030): staff login, the
 * password, staff accounts, maintenance notices and the order desk. Sent through `adminFetch`
 * (staff-client.ts: src/lib's one client with the staff policy — the staff cookie's CSRF token, a
 * 401 to the login page). Bodies are the form's values as typed;
 * the handlers validate them (`staffMethod`) and answer field errors in Japanese.
 */
import type { EnrolmentResponse } from '../schemas';
import { adminFetch } from './staff-client';

/** A value read from the submitted form. */
type FormValue = FormDataEntryValue | null;

/** POST /api/admin/login: the password step → the next step and the CSRF token of the half-logged-in session. */
export function adminLogin(body: { email: FormValue; password: FormValue }): Promise<{ next: 'totp' | 'enrol'; csrf_token: string }> {
  return adminFetch('/api/admin/login', { method: 'POST', body, redirectOn401: false });
}

/** GET /api/admin/login/enrolment: the authenticator's QR code for a first login. */
export function fetchEnrolment(): Promise<EnrolmentResponse> {
  return adminFetch<EnrolmentResponse>('/api/admin/login/enrolment', { redirectOn401: false });
}

/** POST /api/admin/login/totp: the authenticator's code completes the login. */
export function adminLoginCode(code: FormValue): Promise<{ csrf_token: string }> {
  return adminFetch('/api/admin/login/totp', { method: 'POST', body: { code }, redirectOn401: false });
}

// POST /api/admin/logout is in ./staff-client.ts: the logout button is on every staff page, which
// would otherwise load every call of the back office (docs/decisions/0030, page weight).
export function changeAdminPassword(body: { currentPassword: FormValue; newPassword: FormValue }): Promise<unknown> {
  return adminFetch('/api/admin/password', { method: 'POST', body });
}

/** PATCH /api/admin/staff/{id}: a manager changes another account's role (スタッフ / マネージャー). */
export function setStaffRole(id: string, role: string): Promise<unknown> {
  return adminFetch(`/api/admin/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body: { role } });
}

/** PATCH /api/admin/staff/{id}: a manager enables or disables a staff account. */
export function setStaffDisabled(id: string, disabled: boolean): Promise<unknown> {
  return adminFetch(`/api/admin/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body: { disabled } });
}

/** The schedule of a notice as the form sends it (empty strings for empty fields). */
export interface NoticeSchedule {
  publishFrom: string;
  publishUntil: string;
  maintenanceStart: string;
  maintenanceEnd: string;
}

export function createNotice(body: NoticeSchedule & { title: string; body: string }): Promise<{ id: string }> {
  return adminFetch<{ id: string }>('/api/admin/notices', { method: 'POST', body });
}

export function updateNoticeSchedule(id: string, body: NoticeSchedule): Promise<unknown> {
  return adminFetch(`/api/admin/notices/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** POST /api/admin/notices/{id}/end: ends the notice now. */
export function endNotice(id: string): Promise<unknown> {
  return adminFetch(`/api/admin/notices/${encodeURIComponent(id)}/end`, { method: 'POST' });
}

/** PUT /api/admin/notices/{id}/file: attaches a PDF (the raw body; its name in `headers`). */
export function attachNoticeFile(
  id: string,
  file: { data: Blob; contentType: string; headers?: Record<string, string> },
): Promise<unknown> {
  return adminFetch(`/api/admin/notices/${encodeURIComponent(id)}/file`, { method: 'PUT', file });
}

const orderPath = (orderId: string, action: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/${action}`;

/** POST /api/admin/orders/{id}/fulfilment: the next fulfilment step (`mailSent` when it mails the member). */
export function advanceFulfilment(orderId: string, body: Record<string, string>): Promise<{ mailSent: boolean | null }> {
  return adminFetch(orderPath(orderId, 'fulfilment'), { method: 'POST', body });
}

export function addOrderNote(orderId: string, note: string): Promise<unknown> {
  return adminFetch(orderPath(orderId, 'notes'), { method: 'POST', body: { note } });
}

/** POST /api/admin/orders/{id}/shipped-mail: sends the shipped mail again. */
/** 「追跡番号を訂正する」: the new carrier and number, and the number the page showed. */
export function correctTracking(
  orderId: string,
  body: { carrier: string; trackingNumber: string; expectedTrackingNumber: string },
): Promise<{ mailSent: boolean | null }> {
  return adminFetch(orderPath(orderId, 'tracking'), { method: 'POST', body });
}

export function resendShippedMail(orderId: string): Promise<{ mailSent: boolean }> {
  return adminFetch(orderPath(orderId, 'shipped-mail'), { method: 'POST' });
}

/** POST /api/admin/orders/{id}/destination: corrects the delivery address before the order ships. */
export function correctDestination(orderId: string, body: Record<string, string>): Promise<{ ok: true }> {
  return adminFetch(orderPath(orderId, 'destination'), { method: 'POST', body });
}

/** POST /api/admin/orders/{id}/receipt-mail: sends the member the mail with the receipt link again. */
export function resendReceiptMail(orderId: string): Promise<{ mailSent: boolean }> {
  return adminFetch(orderPath(orderId, 'receipt-mail'), { method: 'POST' });
}

/** POST /api/admin/orders/{id}/refunds (managers). */
export function requestRefund(orderId: string, body: Record<string, string>): Promise<{ refund: { status: string; amountYen: number } }> {
  return adminFetch(orderPath(orderId, 'refunds'), { method: 'POST', body });
}

import { dateWindow } from './flow-parts';

/**
 * お届け予定 of a placed order: its window and its speed (the completion and resume pages). Apart
 * from flow-parts, which every purchase step loads: a bundle keeps a module's unused exports, and
 * /purchase/recipient-info is at its budget (docs/decisions/0097).
 */
export function scheduledDelivery(o: { scheduledStartDate: string; scheduledEndDate: string; deliverySpeed: string }): string {
  return `${dateWindow(o.scheduledStartDate, o.scheduledEndDate)}（${o.deliverySpeed === 'express' ? '速達' : '通常'}配送）`;
}

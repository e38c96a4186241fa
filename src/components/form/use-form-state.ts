'use client';

import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';

import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/field-errors';

import { focusSoon, type FieldErrors, type FieldMap } from './error-summary';
import { OFFLINE_MESSAGE, UNEXPECTED_MESSAGE } from './messages';

/**
 * A form's schema, or a loader of it: forms pass `() => import('…/schemas')…` (a feature's
 * lazy-schemas.ts) so zod arrives when the visitor submits, not with the page (issue 13,
 * docs/decisions/0021). The schema is the one the route handler checks the request with.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>) | null;

/**
 * Submit handling of the kit's forms: validation with the server's schema, the call, and the
 * mapping of the server's `{ error: { message, fields } }` back onto the fields (the form's field
 * names are the request body's, so a server error lands under the right field). After a failed
 * submit the ErrorSummary (given `summaryRef`) takes the focus.
 */
export function useFormState(fields: FieldMap) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Taken at the tap itself: `busy` is the render's value, and the schema's chunk is awaited before
  // the call. On a slow connection that took seconds with the button still enabled, and a second
  // tap sent the form again (two registrations: two mails with different codes).
  const taken = useRef(false);
  const summaryRef = useRef<HTMLDivElement | null>(null);

  const submit = useCallback(
    async <S extends z.ZodType>(source: SchemaSource<S>, input: unknown, action: (data: z.output<S>) => Promise<void>) => {
      if (taken.current) return;
      taken.current = true;
      try {
        setMessage(null);
        let data = input as z.output<S>;
        let schema: S | null;
        try {
          schema = typeof source === 'function' ? await source() : source;
        } catch {
          // The schema's chunk could not be fetched (offline, a new deployment): say so, send nothing.
          flushSync(() => setMessage(OFFLINE_MESSAGE));
          focusSoon(summaryRef);
          return;
        }
        if (schema) {
          const parsed = schema.safeParse(input);
          if (!parsed.success) {
            // Committed at once: after the schema loader's `await` this is no longer the submit event's
            // synchronous update, and the summary must be in the page before it is focused.
            const found = fieldErrors(parsed.error);
            // A value the visitor cannot see (e.g. the request id of a code) has no field: its message heads the summary.
            const hidden = Object.entries(found).find(([key]) => !(key in fields));
            flushSync(() => {
              setErrors(found);
              if (hidden) setMessage(hidden[1]);
            });
            focusSoon(summaryRef);
            return;
          }
          data = parsed.data;
        }
        setErrors({});
        setBusy(true);
        try {
          await action(data);
        } catch (error) {
          // Committed at once, as above: the summary (unmounted when this submit cleared the errors)
          // must be back in the page before it is focused.
          flushSync(() => {
            if (error instanceof ApiError) {
              setErrors(Object.fromEntries(Object.entries(error.fields).filter(([k]) => k in fields)));
              setMessage(error.message);
            } else {
              setMessage(UNEXPECTED_MESSAGE);
            }
            setBusy(false);
          });
          focusSoon(summaryRef);
        } finally {
          setBusy(false);
        }
      } finally {
        taken.current = false;
      }
    },
    [fields],
  );

  return { errors, setErrors, message, setMessage, busy, submit, summaryRef, fields };
}

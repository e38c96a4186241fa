/** What a list's last action said: done (`ok`) or not (`error`). */
export type ActionMessageValue = { kind: 'ok' | 'error'; text: string } | null;

/**
 * The outcome of an action on マイページ's lists (saved cards, saved addresses): the success in a live
 * status region that is always there (hidden while empty, so a screen reader hears each new
 * message), a failure as an alert box.
 */
export function ActionMessage({ message, okClassName }: { message: ActionMessageValue; okClassName: string | undefined }) {
  return (
    <>
      <p role="status" className={message?.kind === 'ok' ? okClassName : 'visually-hidden'}>
        {message?.kind === 'ok' ? message.text : ''}
      </p>
      {message?.kind === 'error' ? (
        <p className="error-box" role="alert">
          {message.text}
        </p>
      ) : null}
    </>
  );
}

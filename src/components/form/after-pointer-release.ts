/**
 * Runs `show` now, or — while a mouse button, finger or pen is pressed — once it is released and its
 * click has been handled.
 *
 * Why (issue 13, "no dead ends"): a field checked when it loses the focus shows its error under
 * itself. When the focus is lost because the buyer pressed the button below, the error pushes that
 * button down between the press and the release, the release lands elsewhere and the click is lost —
 * the buyer presses a button and nothing happens. Holding the error until the pointer is released
 * keeps the button where it was pressed; the submit then checks every field itself.
 */
let pressed = false;
let waiting: (() => void)[] = [];
let listening = false;

function release(): void {
  pressed = false;
  const run = waiting;
  waiting = [];
  // after the click event that follows this pointerup
  if (run.length > 0) setTimeout(() => run.forEach((fn) => fn()), 0);
}

function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('pointerdown', () => (pressed = true), true);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

// From the start: the press that takes the focus away comes before the first blur.
listen();

export function afterPointerRelease(show: () => void): void {
  if (pressed) waiting.push(show);
  else show();
}

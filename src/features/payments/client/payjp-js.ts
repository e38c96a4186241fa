'use client';

/**
 * payjp.js v2 in the browser: the card fields are PAY.JP's iframe, the page only receives a token
 * (カード情報非保持化, domain.md §3). Loaded once per page view from PAYJP_JS_URL (js.pay.jp in
 * production, the emulator locally); allowed by the CSP's script-src/frame-src.
 */
export interface PayjpToken {
  id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; name: string | null };
}
export type PayjpTokenResult = PayjpToken | { error: { code?: string; message: string } };

export interface PayjpCardElement {
  mount(target: HTMLElement | string): void;
  on(
    event: 'change' | 'ready' | 'focus' | 'blur',
    handler: (event: { complete?: boolean; empty?: boolean; error?: { code?: string; message: string } }) => void,
  ): void;
  unmount(): void;
  destroy(): void;
}

export interface PayjpInstance {
  elements(): { create(type: 'card', options?: Record<string, unknown>): PayjpCardElement };
  createToken(
    element: PayjpCardElement,
    data: { card: { name: string; email: string }; three_d_secure?: boolean },
  ): Promise<PayjpTokenResult>;
}

type PayjpFactory = (publicKey: string, options: { threeDSecureWorkflow: 'redirect' }) => PayjpInstance;

let loading: Promise<PayjpFactory> | null = null;

function loadScript(src: string): Promise<PayjpFactory> {
  loading ??= new Promise<PayjpFactory>((resolve, reject) => {
    const existing = (window as Window & { Payjp?: PayjpFactory }).Payjp;
    if (existing) return resolve(existing);
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const factory = (window as Window & { Payjp?: PayjpFactory }).Payjp;
      if (factory) resolve(factory);
      else reject(new Error('payjp.js did not define Payjp'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('payjp.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

const instances = new Map<string, PayjpInstance>();

/** One Payjp instance per public key, with the 3-D Secure redirect workflow (spec §7). */
export async function getPayjp(jsUrl: string, publicKey: string): Promise<PayjpInstance> {
  const cached = instances.get(publicKey);
  if (cached) return cached;
  const factory = await loadScript(jsUrl);
  const instance = factory(publicKey, { threeDSecureWorkflow: 'redirect' });
  instances.set(publicKey, instance);
  return instance;
}

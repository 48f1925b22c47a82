import { useEffect, useImperativeHandle, useRef } from 'react';

export type BotCheckConfig = { kind: 'altcha'; challengeUrl: string } | { kind: 'recaptcha'; siteKey: string };
export type BotCheckHandle = { solve(): Promise<boolean>; reset(): void };

type AltchaElement = HTMLElement & { verify(): Promise<unknown>; reset(): void };

/**
 * PRODUCT §8. Puts the proof the server verifies into the form: ALTCHA's payload (field
 * `altcha`, self-hosted proof of work) or a reCAPTCHA v3 token (field `recaptchaToken`).
 */
export function BotCheck({ config, language, ref }: { config: BotCheckConfig; language: string; ref: React.Ref<BotCheckHandle> }) {
  const widget = useRef<AltchaElement>(null);
  const token = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (config.kind === 'altcha') {
      void import('altcha');
    } else if (!document.querySelector('script[data-recaptcha]')) {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(config.siteKey)}&badge=bottomleft`;
      script.dataset.recaptcha = 'true';
      document.head.append(script);
    }
  }, [config]);

  useImperativeHandle(ref, () => ({
    async solve() {
      if (config.kind === 'recaptcha') {
        const grecaptcha = window.grecaptcha;
        if (!grecaptcha || !token.current) return false;
        await new Promise<void>((resolve) => grecaptcha.ready(resolve));
        token.current.value = await grecaptcha.execute(config.siteKey, { action: 'register' });
        return true;
      }
      await customElements.whenDefined('altcha-widget');
      const element = widget.current;
      if (!element) return false;
      const verified = new Promise<boolean>((resolve) => {
        element.addEventListener('verified', () => resolve(true), { once: true });
        element.addEventListener('statechange', (event) => {
          if ((event as CustomEvent<{ state: string }>).detail.state === 'error') resolve(false);
        });
      });
      await element.verify();
      return verified;
    },
    reset() {
      widget.current?.reset?.();
      if (token.current) token.current.value = '';
    },
  }));

  return config.kind === 'altcha' ? (
    <altcha-widget ref={widget} challenge={config.challengeUrl} name="altcha" auto="off" display="invisible" language={language} />
  ) : (
    <input ref={token} type="hidden" name="recaptchaToken" />
  );
}

/** The id of the build this page runs, set by vite.config.ts. */
declare const __BUILD_ID__: string;

declare namespace React.JSX {
  interface IntrinsicElements {
    /** ALTCHA's proof-of-work widget (web component, loaded on demand). */
    'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
      challenge?: string;
      name?: string;
      auto?: string;
      display?: string;
      language?: string;
    };
  }
}

interface Window {
  grecaptcha?: { ready(callback: () => void): void; execute(siteKey: string, options: { action: string }): Promise<string> };
}

/**
 * Google Identity Services, loaded on demand: the script is added to the page only when a Google
 * button is shown, once per page. Its callback gives the ID token (`credential`), `select_by` and
 * the client id, which is what `POST auth/google` takes. The token carries the `nonce` given to
 * `initialize`, one the server issued for this sign-in.
 */

/** What the Google callback hands over (GIS names the client id either way). */
export interface GoogleCredentialResponse {
  credential: string;
  select_by?: string;
  client_id?: string;
  clientId?: string;
}

/** The part of `google.accounts.id` the console uses. */
export interface GoogleIdentity {
  initialize(options: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    /** Returned in the ID token; the server accepts each nonce it issued once. */
    nonce?: string;
    use_fedcm_for_prompt?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard';
      theme?: 'outline' | 'filled_black';
      text?: 'continue_with';
      locale?: string;
      width?: number;
    },
  ): void;
  prompt(): void;
}

/** Loads the script (once) and answers `google.accounts.id`. */
export type LoadGoogleIdentity = () => Promise<GoogleIdentity>;

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleIdentity> | null = null;

type WithGoogle = typeof globalThis & { google?: { accounts?: { id?: GoogleIdentity } } };

/** The real loader: a `<script async>` from accounts.google.com; a failed load can be retried. */
export const loadGoogleIdentity: LoadGoogleIdentity = () => {
  const ready = (globalThis as WithGoogle).google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => {
      const api = (globalThis as WithGoogle).google?.accounts?.id;
      if (api) resolve(api);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
};

/**
 * Microsoft sign-in for the console: MSAL's popup (loaded only when the button is used) returns an
 * ID token, which the server verifies (docs/architecture.md#tenancy-and-auth). The popup comes back to a blank page of ours, so
 * the console does not start inside it while MSAL reads the answer.
 */
import type { IPublicClientApplication as Msal } from '@azure/msal-browser';
import type { GetMicrosoftIdToken } from '@conversa/ui/features/auth/sign-in-flow';

const apps = new Map<string, Promise<Msal>>();

function app(clientId: string): Promise<Msal> {
  let made = apps.get(clientId);
  if (!made) {
    made = import('@azure/msal-browser').then(({ createStandardPublicClientApplication }) =>
      createStandardPublicClientApplication({
        auth: {
          clientId,
          authority: 'https://login.microsoftonline.com/common',
          redirectUri: new URL('/msal-redirect.html', window.location.origin).toString(),
        },
        cache: { cacheLocation: 'sessionStorage' },
      }),
    );
    apps.set(clientId, made);
  }
  return made;
}

/**
 * Opens Microsoft's account picker and resolves to the ID token of the chosen account, carrying
 * the server's nonce for this sign-in.
 */
export const getMicrosoftIdToken: GetMicrosoftIdToken = async (clientId, nonce) => {
  const result = await (
    await app(clientId)
  ).loginPopup({
    scopes: ['openid', 'profile', 'email'],
    prompt: 'select_account',
    nonce,
  });
  return result.idToken;
};

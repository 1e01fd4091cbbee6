// A business selling on WhatsApp, as the benchmarks seed it through the real API: the institution,
// a sales-support assistant with its WhatsApp channel, and the sellers allowed to write to it.
import { api } from './server.mjs';

/**
 * @param {string} base The server's URL.
 * @param {string} token A platform admin's (or any user's) token: the institution is created for it.
 * @param {{ name: string, phoneNumberId: string, accessToken: string, appSecret: string, sellers: readonly string[] }} options
 *   `name` of the business (the assistant is "<name> Sales"), the channel's phone number id, the
 *   access token that reads it on the Graph API peer (the save checks it), the app secret
 *   (deliveries are signed with it), the sellers' numbers (named Seller 1, 2, …).
 * @returns {Promise<{ institution: number, assistant: number }>}
 */
export async function salesOnWhatsApp(base, token, { name, phoneNumberId, accessToken, appSecret, sellers }) {
  const { id: institution } = await api(base, 'POST', '/institution', {
    token,
    body: { name, kind: 'business', country: 'ES' },
  });
  const as = { token, institution };
  const { id: assistant } = await api(base, 'POST', '/institution-product', {
    ...as,
    body: { type: 'sales_support', name: `${name} Sales` },
  });
  await api(base, 'PUT', `/institution-product/${assistant}/whatsapp`, {
    ...as,
    body: {
      phone_number_id: phoneNumberId,
      access_token: accessToken,
      app_secret: appSecret,
      verify_token: 'bench-verify-token',
    },
  });
  for (const [index, number] of sellers.entries()) {
    await api(base, 'POST', '/whatsapp-whitelist', {
      ...as,
      body: { institution_product_id: assistant, phone_number: number, seller_name: `Seller ${index + 1}` },
    });
  }
  return { institution, assistant };
}

// The soak's load (soak.mjs): two institutions seeded through the API (a school with an admissions
// assistant and its handbook, a business selling on WhatsApp and its catalogue), and the kinds of
// client that load them, each timing its requests per route.
import { randomBytes } from 'node:crypto';
import { signatureOf } from '../../packages/server/src/sales/whatsapp/signature';
import { ACCESS_TOKEN, PHONE_NUMBER_ID, textDelivery } from '../../packages/server/src/testing/whatsapp-peer';
import { api, signUpAdmin, uploadText } from './server.mjs';
import { quantile } from './stats.mjs';
import { salesOnWhatsApp } from './whatsapp-seed.mjs';

const APP_SECRET = 'soak_app_secret';
const SELLERS = ['+34612345671', '+34612345672', '+34612345673'];

const HANDBOOK = `Soak School admissions handbook

Applications for the next school year open on the first of March and close on the thirtieth of April.
The school day starts at 8:30 and ends at 16:45; the library stays open until 18:00.
Tuition is 540 euros a month for primary and 610 euros a month for secondary, lunch included.
Two school buses serve the north and the east of the city; the service costs 45 euros a month.
Families visit the school on open days held every second Saturday of the month from 10:00 to 13:00.
`;
const QUESTIONS = [
  'When do applications open?',
  'How much is tuition for secondary?',
  'Is there a school bus?',
  'When are the open days?',
  'Do you teach Mandarin?',
  '¿A qué hora empieza el día escolar?',
];
const CATALOGUE = `Soak Furniture catalogue

The oak dining table seats six people and costs 890 euros.
The ergonomic office chair costs 320 euros and has a five-year warranty.
Delivery takes five to seven working days on the mainland.
`;

/** Latencies and statuses per route. */
export class Routes {
  constructor() {
    /** @type {Map<string, { ms: number[], statuses: Map<number, number> }>} */
    this.byRoute = new Map();
  }
  record(route, status, ms) {
    let entry = this.byRoute.get(route);
    if (!entry) this.byRoute.set(route, (entry = { ms: [], statuses: new Map() }));
    entry.ms.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  }
  rows() {
    return [...this.byRoute].map(([route, { ms, statuses }]) => {
      let serverErrors = 0;
      let other = 0;
      for (const [status, count] of statuses) {
        if (status >= 500 || status === 0) serverErrors += count;
        else if (status >= 400) other += count;
      }
      return {
        route,
        requests: ms.length,
        p50: Math.round(quantile(ms, 0.5) * 10) / 10,
        p99: Math.round(quantile(ms, 0.99) * 10) / 10,
        serverErrors,
        other,
      };
    });
  }
}

/** The staff of two institutions: a school with an admissions assistant, a business selling on WhatsApp. */
export async function seed(server) {
  const token = await signUpAdmin(server);
  const school = await api(server.url, 'POST', '/institution', {
    token,
    body: { name: 'Soak School', kind: 'school', country: 'ES' },
  });
  const [admissions] = await api(server.url, 'GET', `/institution/${school.id}/product`, { token });
  await api(server.url, 'PUT', `/institution-product/${admissions.id}`, {
    token,
    institution: school.id,
    body: { handoff: { name: 'Admissions office', email: 'admissions@soak.example' } },
  });
  const { institution: business, assistant: sales } = await salesOnWhatsApp(server.url, token, {
    name: 'Soak Furniture',
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: ACCESS_TOKEN,
    appSecret: APP_SECRET,
    sellers: SELLERS,
  });
  const staff = {
    token,
    school: school.id,
    admissions: admissions.id,
    business,
    sales,
  };
  for (const [institution, assistant, name, text] of [
    [staff.school, staff.admissions, 'handbook.txt', HANDBOOK],
    [staff.business, staff.sales, 'catalogue.txt', CATALOGUE],
  ]) {
    await uploadText(server.url, { token, institution }, assistant, name, text);
  }
  return staff;
}

/** Times one request; a refused connection counts as status 0 (a server error). */
async function timed(routes, route, url, init = {}) {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    const body = await response.text();
    routes.record(route, response.status, performance.now() - started);
    return { status: response.status, body };
  } catch (error) {
    routes.record(route, 0, performance.now() - started);
    return { status: 0, body: String(error) };
  }
}

/** The load's kinds of client, each one loop; `pick()` names the process the balancer sends to. */
export function clients(routes, staff, pick) {
  const staffHeaders = (institution) => ({
    authorization: `Bearer ${staff.token}`,
    'x-institution-id': String(institution),
  });
  let visitor = 0;
  let message = 0;
  let upload = 0;
  return {
    async visitor() {
      // A new visitor (own address, so the per-address limits see many people), two questions.
      visitor += 1;
      const headers = {
        'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
      };
      const session = await timed(
        routes,
        'POST public/{kind}/{id}/session',
        `${pick()}/api/public/admissions/${staff.school}/session`,
        {
          method: 'POST',
          headers,
        },
      );
      if (session.status !== 201 && session.status !== 200) return;
      const { token, conversation_id: id } = JSON.parse(session.body).data;
      for (let i = 0; i < 2; i += 1) {
        await timed(
          routes,
          'POST public/conversation/{id}/message',
          `${pick()}/api/public/conversation/${id}/message`,
          {
            method: 'POST',
            headers: { ...headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ text: QUESTIONS[(visitor + i) % QUESTIONS.length] }),
          },
        );
      }
    },
    async staff() {
      const base = pick();
      await timed(
        routes,
        'GET institution-product/{id}/conversation',
        `${base}/api/institution-product/${staff.admissions}/conversation?page=1&per-page=20`,
        {
          headers: staffHeaders(staff.school),
        },
      );
      await timed(
        routes,
        'GET institution-product/{id}/file',
        `${base}/api/institution-product/${staff.admissions}/file`,
        {
          headers: staffHeaders(staff.school),
        },
      );
      await timed(
        routes,
        'GET lead',
        `${base}/api/lead?institution_product_id=${staff.sales}&page=1&per-page=20`,
        {
          headers: staffHeaders(staff.business),
        },
      );
      await timed(routes, 'GET institution/{id}/product', `${base}/api/institution/${staff.school}/product`, {
        headers: staffHeaders(staff.school),
      });
    },
    async uploader() {
      // A document uploaded, indexed and deleted again: the store and the passages do not grow.
      upload += 1;
      const record = (route, status, ms) => routes.record(route, status, ms);
      const id = await uploadText(
        pick(),
        { token: staff.token, institution: staff.school },
        staff.admissions,
        `notice-${upload}.txt`,
        `Notice ${upload}\n\n${HANDBOOK}`,
        record,
      );
      await timed(
        routes,
        'POST institution-product/{id}/file/delete',
        `${pick()}/api/institution-product/${staff.admissions}/file/delete`,
        {
          method: 'POST',
          headers: { ...staffHeaders(staff.school), 'content-type': 'application/json' },
          body: JSON.stringify({ ids: [id] }),
        },
      );
    },
    async webhook() {
      message += 1;
      const from = SELLERS[message % SELLERS.length].replace('+', '');
      const body = new TextEncoder().encode(
        textDelivery(
          `wamid.soak-${message}-${randomBytes(4).toString('hex')}`,
          from,
          'How much is the oak table?',
          'text',
          PHONE_NUMBER_ID,
        ),
      );
      await timed(routes, 'POST whatsapp/webhook', `${pick()}/api/whatsapp/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body, APP_SECRET) },
        body,
      });
    },
  };
}

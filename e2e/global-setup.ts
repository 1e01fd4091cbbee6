// One Chromium for every e2e file (they connect to it over its WebSocket endpoint) and one real
// server for the journeys, with an admin e-mail in ADMIN_EMAILS and its WhatsApp replies going to a
// local stand-in for Meta's Graph API; its crawler may visit loopback sites (the website journey's).
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { startGraphPeer } from '../packages/server/src/testing/whatsapp-peer';
import { missingBuild, startAppServer, type AppServer } from './lib/app-server';
import { ADMIN_EMAIL, POLYGLOT_EMAIL } from './lib/accounts';

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string;
    /** The server's base URL, or '' when it could not start (see `appError`). */
    appUrl: string;
    appDataDir: string;
    appError: string;
    /** The Graph API peer's base URL: `GET {graphUrl}/sent` lists the replies it received. */
    graphUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const browser = await chromium.launchServer(chromiumLaunchOptions());
  project.provide('browserWsEndpoint', browser.wsEndpoint());

  const graph = await startGraphPeer();
  // The sales journey's number, read by its token (a channel is saved only once the Graph API says so).
  graph.addNumber('109988776655443', 'EAAG-journey-token');
  project.provide('graphUrl', graph.url);
  let app: AppServer | null = null;
  // The Storybook smoke does not need the server: a missing build fails only the journeys.
  const problem = missingBuild();
  if (problem) {
    project.provide('appError', problem);
  } else {
    try {
      app = await startAppServer({
        ADMIN_EMAILS: `${ADMIN_EMAIL},${POLYGLOT_EMAIL}`,
        WHATSAPP_GRAPH_URL: graph.url,
        // The website journey crawls a site the test serves on a loopback port.
        CRAWL_ALLOW_PRIVATE: 'true',
      });
      project.provide('appError', '');
    } catch (error) {
      project.provide('appError', (error as Error).message);
    }
  }
  project.provide('appUrl', app?.url ?? '');
  project.provide('appDataDir', app?.dataDir ?? '');

  return async () => {
    await app?.stop();
    await graph.close();
    await browser.close();
  };
}

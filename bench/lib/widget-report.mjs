// The `widget` section of RESULTS.md from the measured sizes and timings, and what is over budget.
import { SIZE_BUDGETS } from '../../scripts/lib/size-budgets.mjs';
import { machine } from './results.mjs';
import { kb, sum } from './sizes.mjs';
import { CPU_SLOWDOWN } from './widget-timings.mjs';
import { INPUT_NAME } from './widget-sizes.mjs';

export const BUDGET = { embed: SIZE_BUDGETS.embed, chat: SIZE_BUDGETS.chat };
/** The issue's figures for other chat widgets (gzip, KB), cited, not measured. */
const ANCHORS = [
  ['Crisp', 90],
  ['Typebot', 198],
  ['Flowise', 286],
  ['Chatwoot', 270],
];
const kb2 = (bytes) => (bytes / 1000).toFixed(2);

/**
 * The section's markdown and the over-budget lines (empty when within), from `sizeRows` ({embed,
 * frame, page}), `timings` ([conditions, run, stats] rows), the Chromium version and the photo delay.
 */
export function widgetReport({ sizeRows, timings, chromiumVersion, imageDelayMs }) {
  // Sizes: the app's code (JS, CSS) makes the budget, as the console's /login budget counts its JS;
  // the HTML document that loads it, the API's answers and the logo are listed apart, with a total.
  const APP = new Set(['js', 'css']);
  const totals = (rows, kinds = APP) => {
    const app = rows.filter((r) => kinds.has(r.kind));
    return {
      files: app.length,
      raw: sum(app, 'raw'),
      gzip: sum(app, 'gzip'),
      brotli: sum(app, 'brotli'),
      transferred: sum(app, 'transferred'),
    };
  };
  const frameTotal = totals(sizeRows.frame);
  const pageTotal = totals(sizeRows.page);
  const withDocument = new Set(['html', 'js', 'css']);
  const frameWithDocument = totals(sizeRows.frame, withDocument);
  const pageWithDocument = totals(sizeRows.page, withDocument);
  const chatGzip = Math.max(frameTotal.gzip, pageTotal.gzip);
  const embed = sizeRows.embed;
  const embedWithin = embed.gzip <= BUDGET.embed;
  const chatWithin = chatGzip <= BUDGET.chat;
  const verdict = (within) => (within ? 'within budget' : 'OVER BUDGET');
  const unexpected = [...sizeRows.frame, ...sizeRows.page].filter((r) => r.status >= 400);

  const sizeLine = (label, r) =>
    `| ${label} | ${r.kind} | ${kb(r.raw)} | ${kb2(r.gzip)} | ${kb2(r.brotli)} | ${kb2(r.transferred)} (${r.encoding}) |`;
  const totalLine = (label, t, budget, within, what = 'js+css') =>
    `| **${label}** | ${what}, ${t.files} files | ${kb(t.raw)} | **${kb2(t.gzip)}** | ${kb2(t.brotli)} | ` +
    `${kb2(t.transferred)} | ${budget} | ${within === null ? '' : verdict(within)} |`;
  const ms = (s) => `${Math.round(s.p50)} / ${Math.round(s.p90)} / ${Math.round(s.max)}`;

  const lines = [
    '## Widget size and speed (bench/widget-bench.mjs)',
    '',
    `${new Date().toISOString().slice(0, 10)}, ${machine()}, Chromium ${chromiumVersion}. The built server`,
    'with one seeded admissions assistant (3 suggested questions, a greeting, a 1×1 PNG logo); the example',
    'site `examples/embed-html` on another origin (`localhost` vs the server on `127.0.0.1`) with its snippet.',
    'KB = 1,000 bytes; gzip -9 and brotli q11 computed here, "transferred" is what the server sent.',
    '',
    `**embed.js: ${kb2(embed.gzip)} KB gzip (budget <= ${kb(BUDGET.embed)} KB): ${verdict(embedWithin)}. ` +
      `Chat app, all it loads (JS + CSS): ${kb2(frameTotal.gzip)} KB gzip in the frame, ` +
      `${kb2(pageTotal.gzip)} KB full page (budget <= ${kb(BUDGET.chat)} KB): ${verdict(chatWithin)}.**`,
    '',
    "The budget counts the chat app's code, every JS and CSS file it loads, as the console's `/login` budget",
    "counts its JS. The HTML document that loads it (the frame's or the public page's, rendered by the",
    'server), the public assistant JSON and the logo are listed apart; the totals with the document are',
    `${kb2(frameWithDocument.gzip)} KB (frame) and ${kb2(pageWithDocument.gzip)} KB (full page). embed.js is counted on its own.`,
    '',
    '| response (empty cache) | kind | raw KB | gzip KB | brotli KB | transferred KB (encoding) |',
    '|---|---|---:|---:|---:|---:|',
    sizeLine('embed.js (loaded by the example site)', embed),
    ...sizeRows.frame.map((r) => sizeLine(`frame: ${r.file}`, r)),
    ...sizeRows.page.map((r) => sizeLine(`full page: ${r.file}`, r)),
    '',
    '| widget | what is counted | raw KB | gzip KB | brotli KB | transferred KB | budget (gzip) | verdict |',
    '|---|---|---:|---:|---:|---:|---|---|',
    `| **embed.js** | the loader | ${kb(embed.raw)} | **${kb2(embed.gzip)}** | ${kb2(embed.brotli)} | ` +
      `${kb2(embed.transferred)} | <= ${kb(BUDGET.embed)} KB | ${verdict(embedWithin)} |`,
    totalLine('chat frame `/chat/{id}`', frameTotal, `<= ${kb(BUDGET.chat)} KB`, chatWithin),
    totalLine('full page `/admissions/{id}`', pageTotal, `<= ${kb(BUDGET.chat)} KB`, chatWithin),
    totalLine('chat frame with its HTML document', frameWithDocument, '', null, 'html+js+css'),
    totalLine('full page with its HTML document', pageWithDocument, '', null, 'html+js+css'),
    `| **embed.js + chat frame** | what a visitor who opens the chat loads | ${kb(embed.raw + frameTotal.raw)} | ` +
      `${kb2(embed.gzip + frameTotal.gzip)} | ${kb2(embed.brotli + frameTotal.brotli)} | ` +
      `${kb2(embed.transferred + frameTotal.transferred)} | | |`,
    ...ANCHORS.map(
      ([name, size]) => `| ${name} | issue 5's figure, not measured here | | about ${size} | | | | |`,
    ),
    '',
    `Times in Chromium (headless), ms from navigation start as p50 / p90 / max. Each run is a new browser`,
    `context (empty cache). The site's photo answers after ${imageDelayMs} ms and holds \`window.load\`.`,
    '"Launcher" is the first animation frame after embed.js inserts the button; in cold runs an init script',
    'clicks it in that same frame. "conversa:ready" is the frame\'s message arriving at the host page;',
    `"chat ready" is the frame's text box "${INPUT_NAME}" visible and enabled (the assistant loaded),`,
    'reported to the host page by an init script in the frame. Warm runs click once the hidden frame that',
    'embed.js starts when the page has loaded and is idle has said `conversa:ready`, and the page is idle',
    'again: the click only shows it. The throttled rows use DevTools\' "Fast 3G"',
    `(562.5 ms latency, 1.44 Mbps down, 675 kbps up) and CPU ${CPU_SLOWDOWN}× slower through CDP, with site isolation`,
    "off so the chat frame shares the page's emulation (as on Android).",
    '',
    '| conditions | run | runs | launcher visible | window.load | conversa:ready | chat ready | click → chat ready |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...timings.map(
      ([conditions, kind, s]) =>
        `| ${conditions} | ${kind} | ${s.runs} | ${ms(s.launcher)} | ${ms(s.load)} | ${ms(s.conversaReady)} | ` +
        `${ms(s.input)} | ${ms(s.clickToInput)} |`,
    ),
  ];
  lines.push(
    '',
    'In cold runs `window.load` also waits for the chat frame, opened before the photo arrives; in warm runs',
    'the hidden frame starts only after `load`, so it never delays the host page.',
  );
  if (![...sizeRows.frame, ...sizeRows.page].some((r) => r.kind === 'css')) {
    lines.push("No CSS response: the chat app's styles ship inside `chat.js`.");
  }
  const encodings = new Set([embed, ...sizeRows.frame].filter((r) => r.kind === 'js').map((r) => r.encoding));
  if (encodings.has('identity')) {
    lines.push(
      "The widget's JavaScript is sent uncompressed (`identity` above): the server sends pre-compressed",
      '`.br`/`.gz` siblings when they exist, and the widget build does not write them.',
    );
  }
  if (unexpected.length > 0) {
    lines.push('', `Failed responses: ${unexpected.map((r) => `${r.file} (${r.status})`).join(', ')}.`);
  }
  const over = [
    !embedWithin && `embed.js is ${kb2(embed.gzip)} KB gzip (budget ${kb(BUDGET.embed)} KB)`,
    !chatWithin && `the chat app loads ${kb2(chatGzip)} KB gzip (budget ${kb(BUDGET.chat)} KB)`,
  ].filter(Boolean);
  return { markdown: lines.join('\n'), over };
}

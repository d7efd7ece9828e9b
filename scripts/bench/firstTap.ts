/**
 * Time to the first tappable answer on a throttled phone, for the respondent links, the staff app and
 * a SurveyJS page (the yardstick), measured side by side in one run.
 *
 * Throttling (Chrome DevTools Protocol): 4× CPU slowdown, 150 ms round trip, 1.6 Mbit/s down and
 * 750 kbit/s up; every load in a fresh browser context (empty cache) at 390×844 with touch.
 *
 * "Tappable": an init script watches the DOM from the first byte; the first answer control (radio,
 * checkbox, drop-down, text field, or the confirm button of a dialog the form opens with) counts once
 * it is laid out with a size, not covered by anything else at its centre (the hit test a tap does),
 * and a frame has been painted with it. The time is `performance.now()` then, i.e. from navigation.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { repoRoot } from '../lib/appServer.ts';
import { precompress } from '../lib/precompress.ts';
import { median } from '../lib/stats.ts';

/** The throttled phone. */
export const THROTTLE = { cpuSlowdown: 4, latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 } as const;

/** Code that must never reach the respondent pages, recognised by strings only that code holds. */
const FORBIDDEN = [
  { name: 'echarts', file: /echarts|zrender/i, markers: ['_echarts_instance_'] },
  { name: 'ajv', file: /(^|[^a-z])ajv/i, markers: ['must have required property', 'strictTuples'] },
];

/** One throttled load. */
export interface FirstTap {
  /** Milliseconds from navigation to the first tappable answer. */
  ms: number;
  /** What was found tappable first. */
  control: string;
  /** Milliseconds from navigation until React ran the page (every button works from then). */
  liveMs: number;
  /** JavaScript files loaded until then and network idle. */
  scripts: number;
  /** Their size, gzip -9 of each decoded body (the figure of the respondent budget). */
  jsGzip: number;
  /** Bytes on the wire for the whole load (headers and bodies, as compressed by the server). */
  wireBytes: number;
  /** Code found among the scripts that must not be there (ECharts, Ajv). */
  forbidden: string[];
}

/** What a respondent answers with: the controls the watcher looks for by default. */
export const ANSWER_CONTROLS = 'input[type=radio], input[type=checkbox], select, textarea, input[type=text]';

/** Runs in the page before anything else; sets `window.__firstTap` = { ms, control }. */
const watchScript = (selector: string) => `(() => {
  const SELECTOR = ${JSON.stringify(selector)};
  let found = false;
  const hitOk = (element) => {
    const target = element.closest('label') || element;
    const rect = target.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || element.disabled) return false;
    const x = rect.left + Math.min(rect.width / 2, 24);
    const y = rect.top + rect.height / 2;
    if (x < 0 || x > innerWidth) return false;
    // Above or below the visible part: reachable by scrolling, unless a dialog holds the page.
    if (y < 0 || y > innerHeight) return !document.querySelector('dialog[open]');
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === target || target.contains(hit) || hit.contains(element));
  };
  const candidate = () => {
    // An open dialog on screen takes the first tap (a drawer kept mounted off screen does not).
    const dialog = [...document.querySelectorAll('dialog[open], [role=dialog]')].find((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.left < innerWidth && rect.bottom > 0 && rect.top < innerHeight;
    });
    if (dialog) {
      const button = [...dialog.querySelectorAll('button')].pop();
      return button && hitOk(button) ? { element: button, control: 'dialog button' } : undefined;
    }
    const input = [...document.querySelectorAll(SELECTOR)].find(hitOk);
    return input ? { element: input, control: input.tagName.toLowerCase() + (input.type ? '[' + input.type + ']' : '') } : undefined;
  };
  const check = () => {
    if (found) return;
    const hit = candidate();
    if (!hit) return;
    found = true;
    // The control is tappable once a frame with it has been painted.
    requestAnimationFrame(() => setTimeout(() => { window.__firstTap = { ms: performance.now(), control: hit.control }; }, 0));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  const poll = () => { check(); if (!found) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
  // When React has taken the page over (hydrateRoot or createRoot marks its container).
  const live = () => {
    const root = document.getElementById('root');
    if (root && Object.keys(root).some((key) => key.startsWith('__reactContainer$'))) window.__live = performance.now();
    else requestAnimationFrame(live);
  };
  requestAnimationFrame(live);
})();`;

/**
 * Loads `url` once on the throttled phone and measures it; `prepare` may set up the page (a session),
 * `selector` names what counts as tappable (default: an answer control).
 */
export async function measureFirstTap(browser: Browser, url: string, options: { prepare?: (page: Page) => Promise<void>; selector?: string } = {}): Promise<FirstTap> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    if (options.prepare) await options.prepare(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLE.latencyMs,
      downloadThroughput: (THROTTLE.downloadKbps * 1000) / 8,
      uploadThroughput: (THROTTLE.uploadKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuSlowdown });
    let wireBytes = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => (wireBytes += event.encodedDataLength));
    const scripts: Promise<{ gzip: number; forbidden: string[] }>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && !/javascript/.test(response.headers()['content-type'] ?? '')) return;
      const name = new URL(response.url()).pathname.split('/').pop() ?? '';
      scripts.push(
        response.body().then(
          (body) => {
            const text = body.toString('utf8');
            const forbidden = FORBIDDEN.filter((rule) => rule.file.test(name) || rule.markers.some((marker) => text.includes(marker))).map((rule) => rule.name);
            return { gzip: gzipSync(body, { level: 9 }).length, forbidden };
          },
          () => ({ gzip: 0, forbidden: [] }),
        ),
      );
    });
    await page.addInitScript(watchScript(options.selector ?? ANSWER_CONTROLS));
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(() => (window as unknown as { __firstTap?: unknown }).__firstTap, undefined, { timeout: 60000, polling: 100 });
    const tap = (await handle.jsonValue()) as { ms: number; control: string };
    const live = await page.waitForFunction(() => (window as unknown as { __live?: number }).__live, undefined, { timeout: 60000, polling: 100 });
    const liveMs = (await live.jsonValue()) as number;
    await page.waitForLoadState('networkidle', { timeout: 60000 }).catch(() => undefined);
    const loaded = await Promise.all(scripts);
    return {
      ms: tap.ms,
      control: tap.control,
      liveMs,
      scripts: loaded.length,
      jsGzip: loaded.reduce((sum, script) => sum + script.gzip, 0),
      wireBytes,
      forbidden: [...new Set(loaded.flatMap((script) => script.forbidden))],
    };
  } finally {
    await context.close();
  }
}

interface Definition {
  title: string;
  intro?: string;
  scales: Record<string, { value: number; label: string }[]>;
  pages: { questions: { id: string; scale: string; text: string; required?: boolean }[] }[];
}

/** The PSS-14 definition as a SurveyJS survey: the same title, intro, 14 questions and five options. */
function surveyJsJson(definition: Definition): unknown {
  return {
    title: definition.title,
    description: definition.intro,
    showProgressBar: 'bottom',
    completeText: 'Enviar',
    pages: definition.pages.map((page) => ({
      elements: page.questions.map((question) => ({
        type: 'radiogroup',
        name: question.id,
        title: question.text,
        isRequired: question.required ?? false,
        choices: definition.scales[question.scale]!.map((option) => ({ value: option.value, text: option.label })),
      })),
    })),
  };
}

/** A static server of a build with precompressed files (as the product's server sends its assets). */
export interface StaticSite {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Builds the yardstick, a minimal SurveyJS 3 page (React, survey-react-ui, its default theme) with
 * the PSS-14 in it, the way a team would ship one with Vite, and serves it compressed on loopback.
 */
export async function surveyJsYardstick(pss14: Definition): Promise<StaticSite> {
  const root = join(repoRoot, 'node_modules/.cache/avalia-bench/surveyjs');
  const outDir = join(root, 'dist');
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PSS-14 (SurveyJS)</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(root, 'main.tsx'),
    [
      "import { createRoot } from 'react-dom/client';",
      "import { Model } from 'survey-core';",
      "import { Survey } from 'survey-react-ui';",
      "import 'survey-core/survey-core.css';",
      `const json = ${JSON.stringify(surveyJsJson(pss14))};`,
      "createRoot(document.getElementById('root')!).render(<Survey model={new Model(json)} />);",
    ].join('\n'),
  );
  await build({ configFile: false, root, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true } });
  precompress(outDir);
  return serveStatic(outDir);
}

/** Serves a directory with precompressed variants and the product's caching of hashed assets. */
export async function serveStatic(dir: string): Promise<StaticSite> {
  const app = Fastify();
  await app.register(fastifyStatic, { root: dir, preCompressed: true, cacheControl: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** A page measured against the yardstick in alternation. */
export interface TapComparison {
  /** What was loaded (`/estresse/{id}`, the staff app). */
  label: string;
  ours: FirstTap[];
  /** The SurveyJS page's times, measured alternately with `ours`. */
  yardstick: FirstTap[];
}

/** Budgets of issue 10: first tap at most half SurveyJS's, JavaScript at most 120 KB gzip. */
export const TAP_BUDGET = { ratio: 0.5, jsKb: 120 } as const;

/**
 * Every questionnaire link (one of each slug, from the demo data) and the staff app's first screen
 * after sign-in, each loaded `rounds` times alternately with the SurveyJS yardstick.
 */
export async function benchFirstTap(options: {
  browser: Browser;
  baseUrl: string;
  links: { slug: string; path: string; note?: string }[];
  staffSession: { token: string; user: unknown };
  yardstick: StaticSite;
  rounds?: number;
  log?: (text: string) => void;
}): Promise<TapComparison[]> {
  const rounds = options.rounds ?? 3;
  const compare = async (label: string, url: string, measureOptions: Parameters<typeof measureFirstTap>[2] = {}) => {
    const row: TapComparison = { label, ours: [], yardstick: [] };
    for (let round = 0; round < rounds; round += 1) {
      row.ours.push(await measureFirstTap(options.browser, url, measureOptions));
      row.yardstick.push(await measureFirstTap(options.browser, `${options.yardstick.baseUrl}/`));
    }
    options.log?.(`${label}: ${median(row.ours.map((tap) => tap.ms)).toFixed(0)} ms against ${median(row.yardstick.map((tap) => tap.ms)).toFixed(0)} ms`);
    return row;
  };
  const rows: TapComparison[] = [];
  for (const link of options.links) rows.push(await compare(`\`/${link.slug}/{id}\`${link.note ? ` (${link.note})` : ''}`, `${options.baseUrl}${link.path}`));
  const session = options.staffSession;
  rows.push(
    await compare('staff app, first screen after sign-in (`/`, session kept)', `${options.baseUrl}/`, {
      selector: 'nav a[href], header button, main a[href], main button',
      prepare: async (page) => {
        await page.addInitScript((kept) => {
          localStorage.setItem('avalia.token', kept.token);
          localStorage.setItem('avalia.user', JSON.stringify(kept.user));
        }, session);
      },
    }),
  );
  return rows;
}

/** The markdown table of `benchFirstTap`. */
export function tapTable(rows: TapComparison[], rounds: number): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [
    `**Time to the first tappable answer on a throttled phone (${THROTTLE.cpuSlowdown}× CPU slowdown, ${THROTTLE.latencyMs} ms RTT, ${THROTTLE.downloadKbps / 1000} Mbit/s; median of ${rounds} fresh loads each, alternating with a SurveyJS 3 page of the same PSS-14; budgets: ≤ ${TAP_BUDGET.ratio}× SurveyJS, ≤ ${TAP_BUDGET.jsKb} KB of JavaScript gzip)**`,
    '',
    '| page | first tappable | first tap | SurveyJS | ratio | script running | JavaScript (gzip -9) | on the wire | ECharts or Ajv |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const ours = median(row.ours.map((tap) => tap.ms));
    const theirs = median(row.yardstick.map((tap) => tap.ms));
    const ratio = ours / theirs;
    const js = row.ours[0]!.jsGzip;
    const staff = row.label.startsWith('staff');
    const forbidden = [...new Set(row.ours.flatMap((tap) => tap.forbidden))];
    lines.push(
      `| ${row.label} | ${row.ours[0]!.control} | ${ours.toFixed(0)} ms | ${theirs.toFixed(0)} ms | ${ratio.toFixed(2)}×${staff || ratio <= TAP_BUDGET.ratio ? '' : ' **over**'} | ${median(row.ours.map((tap) => tap.liveMs)).toFixed(0)} ms | ${kb(js)}${staff || js <= TAP_BUDGET.jsKb * 1024 ? '' : ' **over**'} | ${kb(row.ours[0]!.wireBytes)} | ${staff ? 'n/a' : forbidden.length ? `**YES: ${forbidden.join(', ')}**` : 'no'} |`,
    );
  }
  const sample = rows[0]?.yardstick[0];
  if (sample) lines.push('', `The SurveyJS page loads ${kb(sample.jsGzip)} of JavaScript (gzip -9), ${kb(sample.wireBytes)} on the wire (brotli). "Script running" is when React has taken the server's HTML over (every button works from then; fields chosen before are kept).`);
  return lines;
}

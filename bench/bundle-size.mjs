// Bundle sizes (scripts/size.mjs: esbuild, minified, gzip -9; react, react-dom and
// @tanstack/react-query external): the kit's entries and components, the README's code built with
// esbuild, Vite and Next.js, and other kits' basic uses (bench/peer-kits.mjs). The budgets are
// also enforced by scripts/size.test.ts in `npm test`; this reports them beside each other.
//
//   node bench/bundle-size.mjs [--json]
import { readFileSync } from 'node:fs'
import {
  cssSize,
  kb,
  measure,
  measureNextBuild,
  measureVite,
  reactQueryAlone,
  readmeSnippet,
} from '../scripts/size.mjs'
import { runAlone } from './bench-support.mjs'
import { measurePeers } from './peer-kits.mjs'

const budgets = { allComponents: 55 * 1024, css: 8 * 1024, readme: 30 * 1024 }
const components = [
  'Conversation',
  'GroupComposer',
  'ReactionBar',
  'TypingIndicator',
  'LinePicker',
  'AvailabilityBadge',
  'ContactCard',
  'EnrollFlowButton',
  'Dialer',
  'InboundCallBanner',
  'CallLogTable',
]

const use = (names, from = './src/index.ts') =>
  `import { ${names.join(', ')} } from '${from}'\nconsole.log(${names.join(', ')})\n`

/** Every component the entry exports (from `./components/…`), and the provider. */
function entryComponents() {
  const index = readFileSync(new URL('../src/index.ts', import.meta.url), 'utf8')
  const names = new Set(['LinekitProvider'])
  for (const m of index.matchAll(/^export \{([^}]*)\} from '\.\/components\/[^']+'/gm))
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
      if (/^[A-Z][A-Za-z]+$/.test(name)) names.add(name)
    }
  return [...names]
}

/** A measured bundle as figures: initial bytes, and each lazy chunk named by what it holds. */
const bundle = (r, name = (file) => file) => ({
  initial: r.initial,
  lazy: r.files
    .filter((f) => f.kind === 'lazy')
    .map((f) => ({ what: f.agora ? 'Agora SDK' : f.phone ? 'phone metadata' : name(f.file), gzip: f.gzip })),
})
const heavyInitial = (r) => r.files.some((f) => f.kind === 'initial' && (f.agora || f.phone))

function nextVersion() {
  try {
    return JSON.parse(readFileSync(new URL('../examples/next/node_modules/next/package.json', import.meta.url), 'utf8'))
      .version
  } catch {
    return ''
  }
}

async function run({ log = console.log } = {}) {
  const names = entryComponents()
  const pc = await measure(use(['LinekitProvider', 'Conversation']))
  const basic = await measure(
    `import { LinekitProvider, Conversation, createSseEventSource } from './src/index.ts'\nimport { createLinekitClient } from './src/api/client.ts'\nconsole.log(LinekitProvider, Conversation, createSseEventSource, createLinekitClient)\n`,
  )
  const all = await measure(use(names))
  const calling = await measure(use(['LinekitProvider', 'Dialer', 'InboundCallBanner', 'agoraAudioEngine']))
  const whole = await measure(`import * as linekit from './src/index.ts'\nconsole.log(linekit)\n`)
  const neutral = { external: [], platform: 'neutral' }
  const server = await measure(`import * as server from './server-helpers/index.ts'\nconsole.log(server)\n`, neutral)
  const api = await measure(`import * as api from './src/api/index.ts'\nconsole.log(api)\n`, neutral)
  const alone = {}
  for (const c of components) alone[c] = bundle(await measure(use([c])))

  // The README's "Embed a component" code (examples/next/app/Support.tsx) the way users build it.
  const readme = readmeSnippet()
  const readmeEsbuild = await measure(readme)
  const readmeVite = await measureVite(readme)
  const readmeNext = measureNextBuild()
  // @tanstack/react-query is external in the esbuild and Vite figures; in Next.js it has a chunk
  // of its own, or is merged into the page's chunk: then its whole size alone is set apart.
  if (readmeNext && readmeNext.reactQuery === 0) readmeNext.reactQuery = await reactQueryAlone()
  if (!readmeNext)
    log('  (examples/next is not built: `cd examples/next && npm ci && npx next build` adds the Next.js figure)')
  const allVite = await measureVite(use(names))
  return {
    components: names.length,
    bundles: {
      providerConversation: bundle(pc),
      basicChat: bundle(basic),
      all: bundle(all),
      calling: bundle(calling),
      whole: bundle(whole),
      server: bundle(server),
      api: bundle(api),
    },
    css: await cssSize(),
    alone,
    agoraInInitial: calling.agoraInInitial || whole.agoraInInitial,
    phoneInInitial: all.files.concat(whole.files).some((f) => f.kind === 'initial' && f.phone),
    serverHasReact: server.files.some((f) => f.react),
    readme: {
      esbuild: bundle(readmeEsbuild),
      vite: bundle(readmeVite),
      next: readmeNext && {
        version: nextVersion(),
        ...bundle(readmeNext, (file) => file.replace('static/chunks/', '')),
        reactQuery: readmeNext.reactQuery,
      },
      heavyInitial:
        heavyInitial(readmeEsbuild) ||
        heavyInitial(readmeVite) ||
        Boolean(readmeNext && (readmeNext.agoraInInitial || readmeNext.phoneInInitial)),
    },
    allVite: bundle(allVite),
    peers: await measurePeers(log),
  }
}

const lazyOf = (b, none = '—') => b.lazy.map((l) => `${l.what} ${kb(l.gzip)}`).join(', ') || none
const yesNo = (x) => (x ? 'yes' : 'no')

function report(f) {
  const { bundles: b, readme } = f
  const checks = [
    {
      name: 'all components of `linekit` together, initial',
      value: b.all.initial,
      unit: 'KB',
      op: '≤',
      target: budgets.allComponents,
    },
    { name: 'CSS', value: f.css, unit: 'KB', op: '≤', target: budgets.css },
    {
      name: 'agora-rtc-sdk-ng in an initial chunk (calling app / whole entry)',
      value: yesNo(f.agoraInInitial),
      unit: '',
      op: '=',
      target: 'no',
    },
    {
      name: 'phone metadata in an initial chunk (all components / whole entry)',
      value: yesNo(f.phoneInInitial),
      unit: '',
      op: '=',
      target: 'no',
    },
    {
      name: '`linekit/server` React-free',
      value: f.serverHasReact ? 'React found' : 'no React',
      unit: '',
      op: '=',
      target: 'no React',
    },
    {
      name: 'README code, esbuild, initial',
      value: readme.esbuild.initial,
      unit: 'KB',
      op: '≤',
      target: budgets.readme,
    },
    {
      name: 'README code, Vite (production), initial',
      value: readme.vite.initial,
      unit: 'KB',
      op: '≤',
      target: budgets.readme,
    },
    ...(readme.next
      ? [
          {
            name: 'README code, Next.js (Turbopack, examples/next), initial without react-query',
            value: readme.next.initial - readme.next.reactQuery,
            unit: 'KB',
            op: '≤',
            target: budgets.readme,
          },
        ]
      : []),
    {
      name: 'all components of `linekit`, Vite, initial',
      value: f.allVite.initial,
      unit: 'KB',
      op: '≤',
      target: budgets.allComponents,
    },
    {
      name: 'Agora SDK or phone metadata in an initial chunk of the README code (esbuild / Vite / Next.js)',
      value: yesNo(readme.heavyInitial),
      unit: '',
      op: '=',
      target: 'no',
    },
  ]
  const bundleRows = [
    // No budget of its own: the README code's budget (client and page included) replaced it.
    ['`<LinekitProvider>` + `<Conversation>`', kb(b.providerConversation.initial), lazyOf(b.providerConversation), ''],
    [
      'basic chat: the above + `createLinekitClient` + `createSseEventSource`',
      kb(b.basicChat.initial),
      lazyOf(b.basicChat),
      '(compare: stream-chat-react ≈ 555 KB)',
    ],
    [`all ${f.components} components of \`linekit\``, kb(b.all.initial), lazyOf(b.all), '≤ 55 KB'],
    [
      'calling app: provider, `<Dialer>`, `<InboundCallBanner>`, `agoraAudioEngine`',
      kb(b.calling.initial),
      lazyOf(b.calling),
      'Agora lazy',
    ],
    ['the whole `linekit` entry (`import *`)', kb(b.whole.initial), lazyOf(b.whole), 'Agora lazy'],
    // No byte budget: linekit/server runs on servers (reported for reference).
    ['`linekit/server` (all bundled, zod included)', kb(b.server.initial), lazyOf(b.server), 'no React'],
    ['`linekit/api` (all bundled, zod included)', kb(b.api.initial), lazyOf(b.api), ''],
    ['`linekit/styles.css`', kb(f.css), '', '≤ 8 KB'],
    ...Object.entries(f.alone).map(([c, x]) => [`\`<${c}>\` alone`, kb(x.initial), lazyOf(x), '']),
  ]
  const readmeRows = [
    ['esbuild', kb(readme.esbuild.initial), lazyOf(readme.esbuild), '≤ 30 KB'],
    ['Vite 8 (production)', kb(readme.vite.initial), lazyOf(readme.vite), '≤ 30 KB'],
    readme.next
      ? [
          `Next.js ${readme.next.version} (Turbopack), examples/next`,
          `${kb(readme.next.initial - readme.next.reactQuery)} (+ react-query ${kb(readme.next.reactQuery)})`,
          lazyOf(readme.next, ''),
          '≤ 30 KB',
        ]
      : ['Next.js (Turbopack)', 'not built', '', '≤ 30 KB'],
    [`all ${f.components} components, esbuild`, kb(b.all.initial), lazyOf(b.all), '≤ 55 KB'],
    [`all ${f.components} components, Vite`, kb(f.allVite.initial), lazyOf(f.allVite), '≤ 55 KB'],
  ]
  const peerRows = f.peers.length
    ? f.peers.map((p) =>
        p.error ? [p.name, p.what, `failed: ${p.error}`, ''] : [p.name, p.what, kb(p.esbuild), kb(p.vite)],
      )
    : [['(not installed: no network?)', '', '', '']]
  return {
    checks,
    tables: {
      bundles: { header: ['bundle', 'initial (gzip)', 'lazy chunks (gzip)', 'target / reference'], rows: bundleRows },
      readme: { header: ['README code built by', 'initial (gzip)', 'lazy chunks (gzip)', 'target'], rows: readmeRows },
      peers: { header: ['kit (version)', 'snippet', 'esbuild initial (gzip)', 'Vite initial (gzip)'], rows: peerRows },
    },
  }
}

export const bench = {
  name: 'size',
  title: 'bundle sizes (esbuild, minified, gzip -9; react, react-dom, @tanstack/react-query external)',
  options: () => ({}),
  run,
  report,
}

await runAlone(import.meta.url, bench, {})

// `node scripts/theming-docs.mjs`: writes docs/theming.md, every `--lk-*` custom property of src/styles.css —
// its light and dark values (or the fallback its uses name), its description (the comment on its declaration) and
// what it paints, read from the rules that use it (the components and the properties). `--check` fails when the
// committed file is not what the stylesheet says; npm test runs the same comparison (test/unit/docs.test.ts).
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import * as prettier from 'prettier'
import { generatedDocMain } from './generated-doc.mjs'

const root = resolve(import.meta.dirname, '..')
export const themingDocPath = join(root, 'docs', 'theming.md')
const stylesPath = join(root, 'src', 'styles.css')

const cell = (text) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim()
const code = (text) => (text === '' ? '' : `\`${cell(text)}\``)

/**
 * The stylesheet's rules, flattened out of @media/@container blocks: `{ selector, body }` with the body's
 * comments kept (a declaration's description is the comment after it on its line).
 */
function rules(css) {
  const out = []
  const stack = []
  let start = 0
  let i = 0
  while (i < css.length) {
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2)
      i = end < 0 ? css.length : end + 2
      continue
    }
    const ch = css[i]
    if (ch === '{') {
      const prelude = css
        .slice(start, i)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .trim()
      stack.push({ prelude, bodyStart: i + 1 })
      start = i + 1
    } else if (ch === '}') {
      const open = stack.pop()
      if (open && !open.prelude.startsWith('@')) {
        out.push({ selector: open.prelude, body: css.slice(open.bodyStart, i), at: stack.map((s) => s.prelude) })
      }
      start = i + 1
    } else if (ch === ';' && stack.length > 0 && stack.at(-1).prelude.startsWith('@')) {
      start = i + 1
    }
    i += 1
  }
  return out
}

/** Declarations of a rule body: `{ property, value, comment }`. */
function declarations(body) {
  const out = []
  const re = /([-\w]+)\s*:\s*((?:[^;{}/]|\/(?!\*))+);[ \t]*(?:\/\*\s*([\s\S]*?)\s*\*\/)?/g
  // Comments on lines of their own describe a group, not the declaration after them.
  const text = body.replace(/(^|\n)[ \t]*\/\*[\s\S]*?\*\//g, '$1')
  for (const m of text.matchAll(re)) out.push({ property: m[1], value: m[2].trim(), comment: m[3] ?? '' })
  return out
}

/** The markdown of docs/theming.md, formatted by the repository's Prettier settings. */
export async function renderThemingDoc() {
  const css = readFileSync(stylesPath, 'utf8')
  const vars = new Map()
  const entry = (name) => {
    if (!vars.has(name))
      vars.set(name, { light: '', dark: '', fallback: '', doc: '', components: new Set(), properties: new Set() })
    return vars.get(name)
  }
  for (const rule of rules(css)) {
    const selectors = rule.selector.split(',').map((s) => s.trim())
    const isRoot = selectors.includes(':root')
    const isDark = selectors.includes('.lk-theme-dark')
    for (const d of declarations(rule.body)) {
      if (d.property.startsWith('--lk-')) {
        const v = entry(d.property)
        if (isRoot && !v.light) v.light = d.value
        if (isDark && !v.dark) v.dark = d.value
        if (d.comment && !v.doc) v.doc = d.comment
        if (!isRoot && !isDark && !selectors.some((s) => s.startsWith('.lk-theme'))) {
          // Set by a component on itself (a layout default such as --lk-conversation-height).
          for (const s of selectors) for (const m of s.matchAll(/\.lk-([A-Z]\w*)/g)) v.components.add(m[1])
          if (!v.light) v.light = d.value
        }
      }
      for (const m of d.value.matchAll(/var\((--lk-[\w-]+)(?:,\s*((?:[^()]|\([^()]*(?:\([^()]*\))?[^()]*\))*))?\)/g)) {
        const v = entry(m[1])
        if (m[2] && !v.fallback) v.fallback = m[2].trim()
        if (d.property.startsWith('--lk-')) continue
        v.properties.add(d.property)
        for (const s of selectors) {
          for (const c of s.matchAll(/\.lk-([A-Z]\w*)/g)) v.components.add(c[1])
          // The kit-wide rules (fonts, focus) select every element with an lk- class.
          if (s.includes("[class^='lk-']")) v.components.add('every component')
        }
      }
    }
  }
  const names = [...vars.keys()].sort((a, b) => {
    const group = (n) => (n.startsWith('--lk-color-') ? 0 : /^--lk-(font|radius|space|focus)/.test(n) ? 1 : 2)
    return group(a) - group(b) || a.localeCompare(b)
  })
  const rows = names.map((name) => {
    const v = vars.get(name)
    const light = v.light === 'initial' ? '' : v.light
    const def = light ? code(light) : v.fallback ? `${code(v.fallback)} (unset)` : '(unset: inherited)'
    const dark = v.dark || ''
    const paints = [...v.properties].sort().join(', ')
    const where = [...v.components].sort().join(', ')
    return `| \`${name}\` | ${def} | ${code(dark)} | ${cell(v.doc)} | ${cell(paints)} | ${cell(where)} |`
  })
  const md = [
    '# Theming',
    '',
    'Generated from `src/styles.css` by `node scripts/theming-docs.mjs`; `npm test` fails when this file is out of date.',
    '',
    'The kit is themed by `--lk-*` custom properties only: set them on any ancestor of the components (`:root`, a',
    'panel, the element with a theme class) and every component inside follows; no class names need touching.',
    'A theme class — `lk-theme-light`, `lk-theme-dark` or `lk-theme-system` (the operating system’s choice), or the',
    '`theme` prop of `<Inbox>` — sets the colours below on its element, so to change a colour of the dark theme set',
    'it on that element (or inside it). Values marked *unset* are not declared: each use falls back to the named',
    'variable where it is used, so the accent set on a panel reaches native-chat bubbles, service badges and thread',
    'avatars inside it. The dark theme gives native-chat fills a deeper blue of their own (white text on it): set',
    '`--lk-color-bubble-nativechat` there too when you change the accent of the dark theme. A default written as',
    'another variable without *unset* (`--lk-focus-color`, `--lk-calllog-badge-*`) is resolved on `:root`: to change it',
    'on a panel, set it there itself.',
    '',
    'The kit’s headings and text inherit from the component they are in: a page’s element styles (`h2 { color }`,',
    '`p { font-family }`) do not reach them. Components inherit the page’s font.',
    '',
    '```css',
    '/* Your brand colour, light and dark */',
    ':root {',
    '  --lk-color-accent: #7c3aed;',
    '  --lk-color-accent-text: #ffffff;',
    '}',
    '.lk-theme-dark {',
    '  --lk-color-accent: #c4b5fd;',
    '  --lk-color-accent-text: #1e1b4b;',
    '  --lk-color-bubble-nativechat: #6d28d9;',
    '}',
    '```',
    '',
    '| variable | default (light) | dark | what it is | paints | in |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n')
  const config = (await prettier.resolveConfig(themingDocPath)) ?? {}
  return prettier.format(md, { ...config, parser: 'markdown' })
}

await generatedDocMain(import.meta.url, themingDocPath, renderThemingDoc)

// `node scripts/hooks-docs.mjs`: writes docs/hooks.md, every public hook of the `linekit` entry read from the
// types with the TypeScript compiler API (signature, TSDoc, options, what it returns and each returned field's
// TSDoc, the @example), and the complete custom markup of examples/react18/src/custom/ (type-checked against
// React 18's types and driven in Chromium by that example's test), embedded byte for byte. `--check` fails when
// the committed file is not what the sources say; npm test runs the same comparison (test/unit/docs.test.ts).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import * as prettier from 'prettier'
import { generatedDocMain } from './generated-doc.mjs'

const root = resolve(import.meta.dirname, '..')
export const hooksDocPath = join(root, 'docs', 'hooks.md')
const customDir = join(root, 'examples', 'react18', 'src', 'custom')

const cell = (text) =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim()
const code = (text) => (text === '' ? '' : `\`${cell(text).replace(/`/g, "'")}\``)
const repoPath = (fileName) => relative(root, fileName).split(sep).join('/')
const ownSource = (decl) => !decl.getSourceFile().fileName.includes(`${sep}node_modules${sep}`)
/** A type as the reader needs it: null for a long inferred one (a TanStack query's result), which the .d.ts spells out. */
const shortType = (text) => (text.length > 140 ? null : text)
const typeCell = (text) => (text === null ? 'see the `.d.ts`' : code(text))

/** The custom-markup files and the names each imports from 'linekit'. */
function customFiles() {
  return readdirSync(customDir)
    .filter((f) => f.endsWith('.tsx'))
    .sort()
    .map((f) => {
      const path = join(customDir, f)
      const text = readFileSync(path, 'utf8')
      const imports = [...text.matchAll(/import \{([^}]*)\} from 'linekit'/g)].flatMap((m) =>
        m[1]
          .split(',')
          .map((s) => s.trim().replace(/^type\s+/, ''))
          .filter(Boolean),
      )
      const title = /\/\*\* (.*?)(?: \*\/|\n)/.exec(text)?.[1] ?? f
      return { file: repoPath(path), name: f.replace(/\.tsx$/, ''), title, imports, text }
    })
}

/** Rows of a table of an object type's own properties (declared in the repository). */
function propertyRows(checker, type, { withDefault }) {
  const rows = []
  for (const prop of checker.getPropertiesOfType(type)) {
    const decl = prop.valueDeclaration ?? prop.declarations?.[0]
    if (!decl || !ownSource(decl)) continue
    const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0
    const propType = checker.getTypeOfSymbolAtLocation(prop, decl)
    const typeText =
      decl.type?.getText().replace(/([^{\s])\s*\n\s*(?=[\w$]+\??:)/g, '$1; ') ??
      checker.typeToString(
        optional ? checker.getNonNullableType(propType) : propType,
        decl,
        ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope,
      )
    const def = prop.getJsDocTags(checker).find((t) => t.name === 'default')
    rows.push({
      name: prop.name,
      type: shortType(typeText.replace(/ \| undefined$/, '')),
      doc: ts.displayPartsToString(prop.getDocumentationComment(checker)),
      def: withDefault && def ? ts.displayPartsToString(def.text) : '',
    })
  }
  return rows
}

/** The markdown of docs/hooks.md, formatted by the repository's Prettier settings. */
export async function renderHooksDoc() {
  const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root)
  const entry = join(root, 'src', 'index.ts')
  const program = ts.createProgram([entry], { ...options, noEmit: true })
  const checker = program.getTypeChecker()
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry))
  const exports = new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s]))
  const customs = customFiles()

  const hooks = []
  for (const [name, exported] of exports) {
    if (!/^use[A-Z]/.test(name)) continue
    const symbol = checker.getAliasedSymbol(exported)
    const decl = symbol.declarations?.find((d) => ts.isFunctionDeclaration(d))
    if (decl) hooks.push({ name, symbol, decl })
  }

  const sections = []
  for (const { name, symbol, decl } of hooks) {
    const pascal = name[0].toUpperCase() + name.slice(1)
    const params = decl.parameters.map((p) => {
      const optional = p.questionToken || p.initializer ? '?' : ''
      const type = p.type ? p.type.getText() : checker.typeToString(checker.getTypeAtLocation(p))
      return `${p.name.getText()}${optional}: ${type}`
    })
    const signature = checker.getSignatureFromDeclaration(decl)
    const returnType = signature.getReturnType()
    const returnName = decl.type?.getText() ?? (exports.has(`${pascal}Result`) ? `${pascal}Result` : undefined)
    const returnText = returnName ?? shortType(checker.typeToString(returnType, decl)) ?? 'object'
    const tags = symbol.getJsDocTags(checker)
    const example = tags.find((t) => t.name === 'example')
    const lines = [
      `## ${name}`,
      '',
      '```ts',
      `function ${name}(${params.join(', ')}): ${returnText}`,
      '```',
      '',
      `Declared in [\`${repoPath(decl.getSourceFile().fileName)}\`](../${repoPath(decl.getSourceFile().fileName)}).`,
      '',
      ts.displayPartsToString(symbol.getDocumentationComment(checker)),
      '',
    ]
    // The options: the first parameter's properties, when it is one of the kit's own object types.
    const first = decl.parameters[0]
    if (first) {
      const type = checker.getNonNullableType(checker.getTypeAtLocation(first))
      const rows =
        type.isClassOrInterface() || type.aliasSymbol ? propertyRows(checker, type, { withDefault: true }) : []
      if (rows.length > 0) {
        lines.push(`Options (\`${first.type?.getText() ?? first.name.getText()}\`):`, '')
        lines.push('| option | type | default | description |', '| --- | --- | --- | --- |')
        for (const r of rows) lines.push(`| \`${r.name}\` | ${typeCell(r.type)} | ${code(r.def)} | ${cell(r.doc)} |`)
        lines.push('')
      }
    }
    // What it returns: the kit's own fields (a TanStack result is documented by TanStack).
    const returned = propertyRows(checker, returnType, { withDefault: false })
    if (returned.length > 0 && returnType.getProperties().length > 0) {
      lines.push('Returns:', '', '| field | type | description |', '| --- | --- | --- |')
      for (const r of returned) lines.push(`| \`${r.name}\` | ${typeCell(r.type)} | ${cell(r.doc)} |`)
      lines.push('')
    }
    if (example) lines.push('```tsx', ts.displayPartsToString(example.text).trim(), '```', '')
    const usedIn = customs.filter((c) => c.imports.includes(name))
    if (usedIn.length > 0)
      lines.push(
        `Complete custom markup: ${usedIn.map((c) => `[${c.name}](#custom-${c.name.toLowerCase()})`).join(', ')}.`,
        '',
      )
    sections.push(lines.join('\n'))
  }

  const custom = customs.map((c) =>
    [
      `### Custom: ${c.name}`,
      '',
      `${c.title} [\`${c.file}\`](../${c.file})`,
      '',
      '```tsx',
      c.text.trimEnd(),
      '```',
    ].join('\n'),
  )

  const md = [
    '# Hooks',
    '',
    'Generated from the types and TSDoc by `node scripts/hooks-docs.mjs`; `npm test` fails when this file is out of date.',
    'Every hook runs inside `<LinekitProvider>` (the README’s quick start). Hooks that carry behaviour return prop bags',
    '(`numberInputProps`, `answerButtonProps`, …) to spread on your own elements: they type-check with React 18.3’s and',
    '19’s types alike. The components ([docs/props.md](props.md)) are built from these hooks.',
    '',
    '**Unread counts in a custom view.** The kit counts a thread’s unread messages in the browser, from the moment the',
    'user last read it. `<ConversationList>` marks a thread read when it is opened; a view of your own calls',
    '`markRead(conversation)` from `useConversationList` when the user opens a thread and again while it stays open',
    'and new messages arrive (its `last` changes) — see [Custom: Thread](#custom-thread). Without it, the open',
    'thread keeps counting ("2 unread").',
    '',
    `Hooks: ${hooks.map((h) => `[\`${h.name}\`](#${h.name.toLowerCase()})`).join(', ')}.`,
    '',
    ...sections.flatMap((s) => [s, '']),
    '## Custom markup, complete',
    '',
    'Self-contained files (imports included) from [`examples/react18`](../examples/react18): type-checked against',
    '`@types/react` 18 and driven in Chromium on React 18.3 in CI. Render them inside `<LinekitProvider>`.',
    '',
    ...custom.flatMap((s) => [s, '']),
  ].join('\n')
  const config = (await prettier.resolveConfig(hooksDocPath)) ?? {}
  return prettier.format(md, { ...config, parser: 'markdown' })
}

await generatedDocMain(import.meta.url, hooksDocPath, renderHooksDoc)

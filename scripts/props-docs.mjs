// `node scripts/props-docs.mjs`: writes docs/props.md, the props of every component of the
// `linekit` entry, read from the types with the TypeScript compiler API (names, types, whether
// required, the one-line TSDoc and its @default). `--check` fails when the committed file is not
// what the types say; npm test runs the same comparison (test/unit/docs.test.ts).
import { join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import * as prettier from 'prettier'
import { generatedDocMain } from './generated-doc.mjs'

const root = resolve(import.meta.dirname, '..')
export const propsDocPath = join(root, 'docs', 'props.md')

const cell = (text) =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim()
const code = (text) => (text === '' ? '' : `\`${cell(text).replace(/`/g, "'")}\``)

/** Whether a symbol is declared in this repository (not in a dependency or TypeScript's lib). */
const ownDeclaration = (symbol) =>
  (symbol?.declarations ?? []).some((d) => !d.getSourceFile().fileName.includes(`${sep}node_modules${sep}`))

/** The markdown of docs/props.md, formatted by the repository's Prettier settings. */
export async function renderPropsDoc() {
  const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root)
  const entry = join(root, 'src', 'index.ts')
  const program = ts.createProgram([entry], { ...options, noEmit: true })
  const checker = program.getTypeChecker()
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry))
  const exports = new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s]))

  // Components: PascalCase values whose `<Name>Props` type is exported too, in src/index.ts order.
  const names = [...exports.keys()].filter((n) => /^[A-Z]/.test(n) && exports.has(`${n}Props`))
  const sections = []
  for (const name of names) {
    const propsSymbol = checker.getAliasedSymbol(exports.get(`${name}Props`))
    const declaration = propsSymbol.declarations?.[0]
    if (!declaration) continue
    const type = checker.getDeclaredTypeOfSymbol(propsSymbol)
    const file = relative(root, declaration.getSourceFile().fileName).split(sep).join('/')
    const rows = []
    for (const prop of checker.getPropertiesOfType(type)) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0]
      // Own props only; the HTML attributes a component passes through are named once below.
      if (!decl || decl.getSourceFile().fileName.includes(`${sep}node_modules${sep}`)) continue
      const propType = checker.getTypeOfSymbolAtLocation(prop, decl)
      const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0
      // The type as the author wrote it (`DeepPartial<DialerStrings>`), else as the checker prints it.
      const typeText =
        decl.type?.getText().replace(/([^{\s])\s*\n\s*(?=[\w$]+\??:)/g, '$1; ') ??
        checker.typeToString(
          optional ? checker.getNonNullableType(propType) : propType,
          decl,
          ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope,
        )
      const doc = ts.displayPartsToString(prop.getDocumentationComment(checker))
      const tags = prop.getJsDocTags(checker)
      const def = tags.find((t) => t.name === 'default')
      rows.push({
        name: prop.name,
        required: !optional,
        // An optional prop is `undefined` when left out: `lineId?: string | undefined` reads as `string`.
        type: optional ? typeText.replace(/^\((.*)\) \| undefined$/s, '$1').replace(/ \| undefined$/, '') : typeText,
        doc,
        def: def ? ts.displayPartsToString(def.text) : '',
      })
    }
    rows.sort((a, b) => Number(b.required) - Number(a.required) || a.name.localeCompare(b.name))
    const heritage = ts.isInterfaceDeclaration(declaration)
      ? (declaration.heritageClauses ?? []).flatMap((h) =>
          h.types
            // The kit's own option types (`UseDialerOptions`) are rows above; only the HTML attributes are named.
            .filter((t) => !ownDeclaration(checker.getTypeAtLocation(t).getSymbol()))
            .map((t) => t.getText()),
        )
      : []
    const lines = [`## ${name}`, '', `\`${name}Props\`, declared in [\`${file}\`](../${file}).`, '']
    if (heritage.length > 0)
      lines.push(`Also takes the attributes of ${heritage.map((h) => `\`${h}\``).join(', ')}.`, '')
    lines.push('| prop | type | default | description |', '| --- | --- | --- | --- |')
    for (const r of rows) {
      lines.push(
        `| \`${r.name}\`${r.required ? ' (required)' : ''} | ${code(r.type)} | ${code(r.def)} | ${cell(r.doc)} |`,
      )
    }
    sections.push(lines.join('\n'))
  }
  const md = [
    '# Component props',
    '',
    'Generated from the types by `node scripts/props-docs.mjs`; `npm test` fails when this file is out of date.',
    'Every component also takes `className`, exposes its state as `data-*` attributes and is themed by `--lk-*`',
    'custom properties; `strings` props take partial overrides of the component’s `xxxStrings` object.',
    '',
    `Components: ${names.map((n) => `[\`${n}\`](#${n.toLowerCase()})`).join(', ')}.`,
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n')
  const config = (await prettier.resolveConfig(propsDocPath)) ?? {}
  return prettier.format(md, { ...config, parser: 'markdown' })
}

await generatedDocMain(import.meta.url, propsDocPath, renderPropsDoc)

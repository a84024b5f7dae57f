// The command line of a generated document (docs/props.md, docs/hooks.md, docs/theming.md):
// `node scripts/<name>-docs.mjs` writes it, `--check` only says whether it is current.
import { readFileSync, writeFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = resolve(import.meta.dirname, '..')

/** When the module at `moduleUrl` is the script being run: renders the document and writes or checks `path`. */
export async function generatedDocMain(moduleUrl, path, render) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return
  const md = await render()
  const name = relative(root, path)
  if (!process.argv.includes('--check')) {
    writeFileSync(path, md)
    console.log(`wrote ${name}`)
  } else if (readFileSync(path, 'utf8') !== md) {
    console.error(`${name} is out of date: run \`node ${relative(root, new URL(moduleUrl).pathname)}\``)
    process.exit(1)
  } else console.log(`${name} is current`)
}

import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { findCycles } from '../../scripts/cycles.mjs'

// The import-boundary rules are only worth something if a violation is reported.
const eslint = new ESLint({ cwd: process.cwd() })

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports')
}

describe('import boundaries', () => {
  it('reports React imported into src/api', async () => {
    const messages = await lint('src/api/leak.ts', "import { useState } from 'react'\nexport const x = useState\n")
    expect(messages).toHaveLength(1)
    expect(messages[0]?.message).toMatch(/framework-free/)
  })

  it('reports React imported into mocks/ and server-helpers/', async () => {
    expect(await lint('mocks/service/leak.ts', "import React from 'react'\nexport const x = React\n")).toHaveLength(1)
    expect(
      await lint(
        'server-helpers/leak.ts',
        "import { QueryClient } from '@tanstack/react-query'\nexport const x = QueryClient\n",
      ),
    ).toHaveLength(1)
  })

  it('reports components imported into server-helpers/', async () => {
    expect(
      await lint('server-helpers/leak.ts', "import { Conversation } from 'linekit'\nexport const x = Conversation\n"),
    ).toHaveLength(1)
  })

  it('reports server-helpers/ and mocks/ imported into browser code', async () => {
    expect(
      await lint(
        'src/components/Leak.tsx',
        "import { createLinekitServer } from 'linekit/server'\nexport const x = createLinekitServer\n",
      ),
    ).toHaveLength(1)
    expect(
      await lint(
        'src/hooks/leak.ts',
        "import { createMockService } from '../../mocks/index'\nexport const x = createMockService\n",
      ),
    ).toHaveLength(1)
  })

  it.each([
    ['src/provider/leak.ts', "import { useThread } from '../hooks/useThread'"],
    ['src/provider/leak.ts', "import { toE164 } from '../hooks/internal/toE164'"],
    ['src/events/leak.ts', "import { useLinekit } from '../provider/useLinekit'"],
    ['src/rtc/leak.ts', "import { linekitKeys } from '../provider/keys'"],
    ['src/hooks/leak.ts', "import { Dialer } from '../components/calling/Dialer'"],
    ['src/components/shared/leak.ts', "import { Conversation } from '../messaging/Conversation'"],
    ['src/components/calling/Dialer/leak.ts', "import { Inbox } from '../../prefabs/Inbox'"],
  ])('reports a folder back-edge: %s → %s', async (filePath, importLine) => {
    const messages = await lint(filePath, `${importLine}\nexport const x = 1\n`)
    expect(messages).toHaveLength(1)
    expect(messages[0]?.message).toMatch(/depend one way/)
  })

  it('a layer keeps its other boundaries beside the folder order', async () => {
    expect(
      await lint(
        'src/provider/leak.ts',
        "import { createMockService } from '../../mocks/index'\nexport const x = createMockService\n",
      ),
    ).toHaveLength(1)
  })

  it('reports a registered symbol (Symbol.for) in src/', async () => {
    const [result] = await eslint.lintText("export const tag = Symbol.for('linekit.tag')\n", {
      filePath: 'src/provider/leak.ts',
    })
    expect(result?.messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toHaveLength(1)
  })

  it('allows the permitted direction', async () => {
    expect(
      await lint(
        'src/components/Ok.tsx',
        "import { useState } from 'react'\nimport { LinekitError } from 'linekit/api'\nexport const x = [useState, LinekitError]\n",
      ),
    ).toHaveLength(0)
    expect(await lint('mocks/service/ok.ts', "import { z } from 'zod/mini'\nexport const x = z\n")).toHaveLength(0)
    // Downward edges: a component reads hooks and the provider, a prefab composes components.
    for (const [filePath, importLine] of [
      ['src/components/calling/Dialer/ok.ts', "import { useStartCall } from '../../../hooks/useStartCall'"],
      ['src/components/messaging/Conversation/ok.ts', "import { cx } from '../../shared/cx'"],
      ['src/components/prefabs/Inbox/ok.ts', "import { Dialer } from '../../calling/Dialer'"],
      ['src/hooks/ok.ts', "import { linekitKeys } from '../provider/keys'"],
      ['src/provider/ok.ts', "import type { InboundCallStore } from '../events/inboundCallStore'"],
    ] as const)
      expect(await lint(filePath, `${importLine}\nexport const x = 1\n`)).toHaveLength(0)
  })
})

describe('import cycles', () => {
  // Type-only imports and import() count: a cycle of types still ties two modules together.
  it('there is none in src/, mocks/ or server-helpers/', () => {
    expect(findCycles(['src', 'mocks', 'server-helpers'])).toEqual([])
  })
})

'use client'
import { useCallback, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { LinekitClient } from '../../api'
import { useLinekitClient } from '../../provider/useLinekitClient'
import { linesQueryOptions } from '../options'
import { formatPhone } from './formatPhone'
import { useContactDirectory } from './useContactDirectory'

/** How the kit names people: see {@link usePeople}. */
export interface People {
  /** The contact's name of a number, `undefined` when it has none. */
  nameOf(phone: string): string | undefined
  /** The number formatted for reading (national where it is in the country of the line, `lineId` or the hook's). */
  number(phone: string, lineId?: string): string
  /** The contact's name, else the number formatted for reading. */
  label(phone: string, lineId?: string): string
  /** Several people as one phrase in the page's language: "Ava Stone, Cara Diaz and Dan Kim". */
  list(phones: readonly string[], lineId?: string): string
}

/**
 * The one way components name a person: the contact's name (the first contacts page, one query
 * shared by every caller — no request per row), else the number formatted for reading. The line
 * (`lineId`, else the account's first line) decides which numbers read as national; lines are
 * read from the cache only, never fetched for this.
 */
export function usePeople(options: { lineId?: string | undefined; client?: LinekitClient } = {}): People {
  const client = useLinekitClient(options.client)
  const nameOf = useContactDirectory(options.client)
  const { data: lines } = useQuery({ ...linesQueryOptions(client), enabled: false })
  const ownLine = options.lineId
  const number = useCallback(
    (phone: string, lineId = ownLine) => {
      const all = Array.isArray(lines) ? lines : (lines?.lines ?? [])
      const line = (lineId !== undefined ? all.find((l) => l.lineId === lineId) : undefined) ?? all[0]
      return formatPhone(phone, line?.phoneNumber)
    },
    [lines, ownLine],
  )
  return useMemo(() => {
    const label = (phone: string, lineId?: string) => nameOf(phone) ?? number(phone, lineId)
    const conjunction = new Intl.ListFormat(undefined, { type: 'conjunction' })
    const list = (phones: readonly string[], lineId?: string) => conjunction.format(phones.map((p) => label(p, lineId)))
    return { nameOf, number, label, list }
  }, [nameOf, number])
}

'use client'
import { useQuery } from '@tanstack/react-query'
import type { LinekitClient, Line } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linesQueryOptions } from './options'

/**
 * The account's lines. Trial accounts may get a descriptor instead of an array (spec: GET
 * /get-lines): then `trial` is true and `lines` holds whatever lines it lists (often none).
 *
 * @example
 * const { lines, trial } = useLines()
 */
export function useLines(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const query = useQuery(linesQueryOptions(client))
  const data = query.data
  const lines: Line[] = data === undefined ? [] : Array.isArray(data) ? data : (data.lines ?? [])
  const trial = data !== undefined && !Array.isArray(data) && data.trial === true
  return { ...query, lines, trial }
}

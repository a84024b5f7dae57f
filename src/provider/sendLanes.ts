import { phoneKey } from './phoneKey'

/**
 * One thread's sends: to one destination from one line (a send without `lineId` — the service
 * picks the line — is its own thread). Group sends use the participant set and line.
 */
export function threadLane(phone: string, lineId: string | undefined): string {
  return `${phoneKey(phone)}|${lineId ?? ''}`
}

/**
 * A group's sends: to one participant set (in any order) from one line. spec: POST
 * /send-group-message — the same participant set reuses the thread.
 */
export function groupLane(numbers: readonly string[], lineId: string | undefined): string {
  return `group:${[...new Set(numbers.map(phoneKey))].sort().join(',')}|${lineId ?? ''}`
}

/** The reactions to one message: they go in the order they were made (an add, then its removal). */
export function reactionLane(messageHandle: string): string {
  return `reaction:${messageHandle}`
}

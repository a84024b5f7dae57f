import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createLinekitClient } from '../api/client'
import { endCallRoute } from '../api/endpoints/endCallRoute'
import { createInboundCallStore } from '../events/inboundCallStore'
import { createSendEngine } from '../provider/sendEngine'
import { linekitKeys } from '../provider/keys'
import {
  answerCallMutationOptions,
  cancelRunMutationOptions,
  createContactMutationOptions,
  declineCallMutationOptions,
  endCallMutationOptions,
  enrollFlowMutationOptions,
  sendGroupMessageMutationOptions,
  sendMessageMutationOptions,
  sendReactionMutationOptions,
  startCallMutationOptions,
  updateContactMutationOptions,
} from './mutationOptions'
import {
  groupThreadInfiniteQueryOptions,
  linekitRetry,
  olderConversationsInfiniteQueryOptions,
  threadInfiniteQueryOptions,
} from './options'

const client = createLinekitClient({ baseUrl: 'http://localhost/api/linekit' })

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  expect(key.slice(0, prefix.length)).toEqual([...prefix])

describe('option factories', () => {
  it('queries and mutations share one retry function', () => {
    const queryClient = new QueryClient()
    const uses = [
      threadInfiniteQueryOptions(client, { phoneNumber: '+14155550124', pageSize: 50 }),
      groupThreadInfiniteQueryOptions(client, { chatId: 'chat1', lineId: 'line-1', pageSize: 100 }),
      olderConversationsInfiniteQueryOptions(client, { lineIds: ['line-1'], pageSize: 100, from: null }),
      createContactMutationOptions(client, { queryClient }),
      updateContactMutationOptions(client, { queryClient }),
      enrollFlowMutationOptions(client),
      cancelRunMutationOptions(client),
    ]
    for (const options of uses) {
      expect(options.retry).toBe(linekitRetry.retry)
      expect(options.retryDelay).toBe(linekitRetry.retryDelay)
    }
  })

  it('the three paged reads take their keys from linekitKeys, under the prefixes the provider refreshes', () => {
    const thread = threadInfiniteQueryOptions(client, { phoneNumber: '+1 415 555 0124', pageSize: 50 })
    expect(thread.queryKey).toEqual(linekitKeys.messages.thread('+14155550124'))
    startsWith(thread.queryKey, linekitKeys.messages.threads('+14155550124'))

    const group = groupThreadInfiniteQueryOptions(client, { chatId: 'chat1', lineId: 'line-1', pageSize: 100 })
    expect(group.queryKey).toEqual(linekitKeys.messages.groupThread('chat1', 'line-1', 100))
    // A group send and every message event refresh the lists: the group thread with them.
    startsWith(group.queryKey, linekitKeys.messages.lists())

    const older = olderConversationsInfiniteQueryOptions(client, { lineIds: ['line-1'], pageSize: 100, from: null })
    expect(older.queryKey).toEqual(linekitKeys.messages.conversations(['line-1'], 100, null))
    startsWith(older.queryKey, linekitKeys.messages.all)
    expect(older.enabled).toBe(false)
  })

  it('every action has a mutation key named by its endpoint, and retries only with the shared function', () => {
    const queryClient = new QueryClient()
    const sendEngine = createSendEngine()
    const inboundCalls = createInboundCallStore()
    const actions = {
      sendMessage: sendMessageMutationOptions(client, { sendEngine, queryClient }),
      sendGroupMessage: sendGroupMessageMutationOptions(client, { sendEngine, queryClient }),
      sendReaction: sendReactionMutationOptions(client),
      createContact: createContactMutationOptions(client, { queryClient }),
      updateContact: updateContactMutationOptions(client, { queryClient }),
      enrollFlow: enrollFlowMutationOptions(client),
      cancelRun: cancelRunMutationOptions(client),
      startCall: startCallMutationOptions(client),
      answerCall: answerCallMutationOptions(client, { inboundCalls }),
      declineCall: declineCallMutationOptions(client, { inboundCalls }),
      endCall: endCallMutationOptions(client, { inboundCalls, queryClient }),
    }
    for (const [id, options] of Object.entries(actions)) {
      expect(options.mutationKey).toEqual([...linekitKeys.mutations.all, id])
      // Sends retry inside their thread's turn, and answers are for the person to repeat: never TanStack's retry.
      expect([linekitRetry.retry, false]).toContain(options.retry)
      // No write is paused by TanStack while the browser says it is offline: it goes (and a send
      // waits for the connection in its engine, the others fail and are said), never a bare
      // "Saving…" that goes by itself later — a call's answer or hang-up least of all.
      expect(options.networkMode).toBe('always')
    }
    inboundCalls.dispose()
  })

  it('a hang-up leaves on the page, out of date, the reads its route names (the call logs), and nothing else', async () => {
    const queryClient = new QueryClient()
    const inboundCalls = createInboundCallStore()
    const logs = linekitKeys.callLogs.list({ limit: 5 })
    const messages = linekitKeys.messages.list()
    queryClient.setQueryData(logs, { data: [] })
    queryClient.setQueryData(messages, { data: [] })
    const options = endCallMutationOptions(client, { inboundCalls, queryClient })
    await options.onSuccess?.({ success: true } as never, { call_uuid: 'call-1' }, undefined, {} as never)
    expect(endCallRoute.invalidates).toEqual(['getCallLogs'])
    expect(queryClient.getQueryState(logs)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(messages)?.isInvalidated).toBe(false)
    inboundCalls.dispose()
  })
})

import { mutationOptions, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type {
  AnswerCallRequest,
  AnswerCallResponse,
  CancelRunRequest,
  CancelRunResponse,
  ContactResponse,
  CreateContactRequest,
  DeclineCallRequest,
  DeclineCallResponse,
  EndCallRequest,
  EndCallResponse,
  EnrollRequest,
  EnrollResponse,
  GroupSendRequest,
  GroupSendResponse,
  LinekitClient,
  ReactionRequest,
  ReactionResponse,
  SendMessageRequest,
  SendMessageResponse,
  StartCallRequest,
  StartCallResponse,
  UpdateContactRequest,
} from '../api'
import type { EndpointRoute, InvalidatedRead } from '../api/endpoints/define'
import { endCallRoute } from '../api/endpoints/endCallRoute'
import type { LinekitError } from '../api/errors'
import type { InboundCallStore } from '../events/inboundCallStore'
import { withIdempotencyKey } from '../provider/idempotencyKey'
import { createSendEngine, type SendEngine } from '../provider/sendEngine'
import { groupLane, reactionLane } from '../provider/sendLanes'
import type { SendResult, SendWait } from '../provider/sendTypes'
import { asLinekitError } from './internal/asLinekitError'
import { recordReaction } from '../provider/reactionStore'
import { snapshotThread } from './internal/threadSnapshot'
import { linekitKeys } from '../provider/keys'
import { linekitRetry } from './options'

// One factory per endpoint that changes something, as `options.ts` has one per read: the hook is
// `useMutation(xxxMutationOptions(…))`, and an app with its own markup can call `useMutation` on
// the same options. Every failure is a `LinekitError`; sends carry one idempotency key per user
// send (`withIdempotencyKey`), reused by every retry of it.

/**
 * The queries of each read an action's answer leaves out of date (the route's `invalidates`).
 * linekit/server drops the same reads from its read model (routes/proxy.ts); the page drops its own
 * copies, which the server cannot reach.
 */
const invalidatedQueries: Record<InvalidatedRead, QueryKey> = { getCallLogs: linekitKeys.callLogs.all }

/** Refetches, on the page, every query `route`'s answer left out of date. */
function invalidateAfter(queryClient: QueryClient, route: Pick<EndpointRoute, 'invalidates'>): void {
  for (const read of route.invalidates ?? []) void queryClient.invalidateQueries({ queryKey: invalidatedQueries[read] })
}

/** `fn` with whatever it throws turned into a `LinekitError`, so mutations hand out one typed error. */
function typed<V, D>(fn: (variables: V) => Promise<D>): (variables: V) => Promise<D> {
  return async (variables) => {
    try {
      return await fn(variables)
    } catch (error) {
      throw asLinekitError(error)
    }
  }
}

/** 1:1 sends started by `onMutate`, by the mutation's variables, until their `mutationFn` takes them. */
const startedSends = new WeakMap<SendMessageRequest, Promise<SendResult>>()

/**
 * Options for sending one message (`POST /send-api-message`) through the provider's send engine:
 * it shows in its thread at once (pending), goes after the earlier sends of its thread, and is
 * retried there on retry-safe failures with the same idempotency key. Resolves with the
 * service's answer; rejects when the send failed for good (it stays in its thread with
 * retry/discard) or was discarded.
 */
export function sendMessageMutationOptions(
  client: LinekitClient,
  deps: {
    sendEngine: SendEngine
    queryClient: QueryClient
    /** Runs before the first attempt (e.g. the typing indicator and its pause); a failure never stops the send. */
    beforeFirstAttempt?: (body: SendMessageRequest) => Promise<void>
  },
) {
  const { sendEngine, queryClient, beforeFirstAttempt } = deps
  const start = (body: SendMessageRequest) => {
    const keyed = withIdempotencyKey(body)
    return sendEngine.send(client, keyed, {
      thread: snapshotThread(queryClient, body.phone),
      ...(beforeFirstAttempt ? { beforeFirstAttempt: () => beforeFirstAttempt(keyed) } : {}),
    }).result
  }
  return mutationOptions<SendMessageResponse, LinekitError, SendMessageRequest>({
    mutationKey: linekitKeys.mutations.sendMessage,
    // Started here: TanStack calls `onMutate` as `mutate` is called, so the message shows in its
    // thread at once; `mutationFn` follows a few ticks later. A send the engine already has (the
    // same key) is never sent twice.
    onMutate: (body) => void startedSends.set(body, start(body)),
    mutationFn: typed(async (body: SendMessageRequest) => {
      const result = startedSends.get(body) ?? start(body)
      startedSends.delete(body)
      const outcome = await result
      if (!outcome.ok) throw outcome.error
      return outcome.response
    }),
    // The engine says why a send waits and retries it, offline included, inside the send's turn
    // of its thread: TanStack neither pauses it nor queues a retry after the thread's later sends.
    networkMode: 'always',
    retry: false,
  })
}

/**
 * Options for one group send (`POST /send-group-message`, 2–32 recipients). Sends to one group
 * (participant set and line) go out one after another, in the order they were made, retries
 * included; when one fails for good, those of its group queued behind it fail too, unsent.
 * `onWait` hears why the send in progress waits (a 429 until its `Retry-After`, or a retry after
 * a failure), and null when it no longer does.
 */
export function sendGroupMessageMutationOptions(
  client: LinekitClient,
  deps: {
    sendEngine: SendEngine
    queryClient: QueryClient
    onWait?: (wait: SendWait | null) => void
    /** The agent's Cancel: aborting it drops the sends in progress (their mutation rejects). */
    signal?: AbortSignal
  },
) {
  const { sendEngine, queryClient, onWait, signal } = deps
  return mutationOptions<GroupSendResponse, LinekitError, GroupSendRequest>({
    mutationKey: linekitKeys.mutations.sendGroupMessage,
    mutationFn: typed((body: GroupSendRequest) => {
      // The same key on every attempt, however long the connection is gone, and after a reload
      // too (kept in the provider's outbox while it waits): a replay sends nothing (spec: POST
      // /send-group-message — idempotencyKey; Send request — replay behaviour).
      const keyed = withIdempotencyKey(body)
      return sendEngine.inTurn(
        groupLane(body.numbers, body.lineId),
        client,
        () => client.sendGroupMessage(keyed, signal ? { signal } : undefined),
        (next) => onWait?.(next ?? null),
        { ...(signal ? { signal } : {}), keepAs: { kind: 'group', body: keyed } },
      )
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linekitKeys.messages.lists() }),
    onSettled: () => onWait?.(null),
    // The engine retries (retry-safe failures, same key) inside the send's turn of its group: a
    // retry queued by TanStack would go after the group's later sends. Offline, it waits there
    // for the connection rather than being paused by TanStack.
    networkMode: 'always',
    retry: false,
  })
}

/** Turns of reactions made without an engine (the options used outside a `<LinekitProvider>`). */
let reactionTurns: SendEngine | undefined

/**
 * Options for sending (or with `remove: true` retracting) a tapback reaction
 * (`POST /send-reaction`). Accepted reactions are kept by the kit (the contract lists none) and
 * read with `useReactions`. The reactions to one message go in the order they were made; a
 * failed connection waits for the connection and goes again by itself, only the service's
 * refusal fails.
 */
export function sendReactionMutationOptions(
  client: LinekitClient,
  deps: {
    sendEngine?: SendEngine
    /** Why the reaction in progress waits (the connection, a 429, a retry), and null when it no longer does. */
    onWait?: (wait: SendWait | null) => void
    /** The agent's Cancel: aborting it drops the reactions in progress (their mutation rejects, nothing is sent later). */
    signal?: AbortSignal
  } = {},
) {
  const { onWait, signal } = deps
  const engine = deps.sendEngine ?? (reactionTurns ??= createSendEngine())
  return mutationOptions<ReactionResponse, LinekitError, ReactionRequest>({
    mutationKey: linekitKeys.mutations.sendReaction,
    mutationFn: typed((body: ReactionRequest) =>
      // A reaction has no idempotency key, but making it again changes nothing: it is one state
      // per type on the message, which `remove` retracts (spec: POST /send-reaction), not a new
      // message. So a request that got no answer is made again, as a keyed send would be — and
      // after a reload too (kept in the provider's outbox while it waits).
      engine.inTurn(
        reactionLane(body.messageHandle),
        client,
        () => client.sendReaction(body, signal ? { signal } : undefined),
        (next) => onWait?.(next ?? null),
        { repeatable: true, ...(signal ? { signal } : {}), keepAs: { kind: 'reaction', body } },
      ),
    ),
    onSuccess: (res, body) => {
      if (res.status === 'SENT') recordReaction(body.messageHandle, body.reaction, body.remove === true)
    },
    onSettled: () => onWait?.(null),
    networkMode: 'always',
    retry: false,
  })
}

/**
 * The agent's writes that are not messages (a contact's save, an enrolment, a run's cancel): they
 * have no idempotency key, so a request that got no answer is not made again behind the agent's
 * back, nor kept for later; it fails at once and its component says that nothing was saved for
 * want of a connection, keeping what the agent typed or chose so that trying again is one click.
 * They go even when the browser says it is offline: TanStack would otherwise pause them, and the
 * agent would see "Saving…" with nothing said and the write going by itself whenever the
 * connection came back, perhaps after the agent gave up on it.
 */
const agentWrite = { ...linekitRetry, networkMode: 'always' } as const

/** Options for creating (or upserting by phone) a contact; contact lists refetch once it succeeded. */
export function createContactMutationOptions(client: LinekitClient, deps: { queryClient: QueryClient }) {
  return mutationOptions<ContactResponse, LinekitError, CreateContactRequest>({
    mutationKey: linekitKeys.mutations.createContact,
    mutationFn: typed((body: CreateContactRequest) => client.createContact(body)),
    onSuccess: () => deps.queryClient.invalidateQueries({ queryKey: linekitKeys.contacts.all }),
    ...agentWrite,
  })
}

/** Options for updating a contact by `contactId`; contact lists refetch once it succeeded. */
export function updateContactMutationOptions(client: LinekitClient, deps: { queryClient: QueryClient }) {
  return mutationOptions<ContactResponse, LinekitError, UpdateContactRequest>({
    mutationKey: linekitKeys.mutations.updateContact,
    mutationFn: typed((body: UpdateContactRequest) => client.updateContact(body)),
    onSuccess: () => deps.queryClient.invalidateQueries({ queryKey: linekitKeys.contacts.all }),
    ...agentWrite,
  })
}

/** Options for enrolling a number into a published workflow (starts a run). */
export function enrollFlowMutationOptions(client: LinekitClient) {
  return mutationOptions<EnrollResponse, LinekitError, EnrollRequest>({
    mutationKey: linekitKeys.mutations.enrollFlow,
    mutationFn: typed((body: EnrollRequest) => client.enrollFlow(body)),
    ...agentWrite,
  })
}

/** Options for cancelling a workflow run by `runId`. */
export function cancelRunMutationOptions(client: LinekitClient) {
  return mutationOptions<CancelRunResponse, LinekitError, CancelRunRequest>({
    mutationKey: linekitKeys.mutations.cancelRun,
    mutationFn: typed((body: CancelRunRequest) => client.cancelRun(body)),
    ...agentWrite,
  })
}

// Call actions (start, answer, decline, hang up) never wait for the connection nor are kept for
// later: a call happens now. An answer sent when the connection is back would pick up a caller who
// hung up long ago, a hang-up would end the next call or none, a start would ring someone minutes
// after the agent gave up. They fail at once and the calling components say so; the person decides.
// So they go even when the browser says it is offline: TanStack would pause them and send them late.
const callAction = { networkMode: 'always' } as const

/**
 * Options for placing an outbound audio call. Calls have no idempotency key: retried only when
 * the client marked the failure retry-safe. The page's call logs are refetched when the call ends
 * (`endCallMutationOptions`), not here though `startCallRoute.invalidates` names them too: the
 * dialer shows the call in progress, and a refetch per start would spend a read of the key's
 * shared budget on an in-progress row that the end's refetch replaces.
 */
export function startCallMutationOptions(client: LinekitClient) {
  return mutationOptions<StartCallResponse, LinekitError, StartCallRequest>({
    ...callAction,
    mutationKey: linekitKeys.mutations.startCall,
    mutationFn: typed((body: StartCallRequest) => client.startCall(body)),
    ...linekitRetry,
  })
}

/** Options for answering a ringing inbound call; the inbound-call store follows. */
export function answerCallMutationOptions(client: LinekitClient, deps: { inboundCalls: InboundCallStore }) {
  const { inboundCalls } = deps
  return mutationOptions<AnswerCallResponse, LinekitError, AnswerCallRequest>({
    ...callAction,
    mutationKey: linekitKeys.mutations.answerCall,
    mutationFn: typed((body: AnswerCallRequest) => client.answerCall(body)),
    onMutate: (body) => inboundCalls.claim(body.call_uuid),
    // spec: `success` is true only when the device accepted; a refusal leaves the call ringing.
    onSuccess: (data, body) => {
      if (data.success) inboundCalls.markAnswered(body.call_uuid)
    },
    // Not retried, not even a 429 after its wait: the call rings meanwhile and its caller may hang
    // up, so the person decides (the banner shows the wait).
    retry: false,
  })
}

/** Options for declining a ringing inbound call; the inbound-call store follows. */
export function declineCallMutationOptions(client: LinekitClient, deps: { inboundCalls: InboundCallStore }) {
  const { inboundCalls } = deps
  return mutationOptions<DeclineCallResponse, LinekitError, DeclineCallRequest>({
    ...callAction,
    mutationKey: linekitKeys.mutations.declineCall,
    mutationFn: typed((body: DeclineCallRequest) => client.declineCall(body)),
    onMutate: (body) => inboundCalls.claim(body.call_uuid),
    // spec: `success` is true only when the device accepted; a refusal leaves the call ringing.
    onSuccess: (data, body) => {
      if (data.success) inboundCalls.markEnded(body.call_uuid, 'declined')
    },
    // Not retried, not even a 429 after its wait: the call rings meanwhile and its caller may hang
    // up, so the person decides (the banner shows the wait).
    retry: false,
  })
}

/** Options for hanging up an audio call; every call-log list refetches once it succeeded. */
export function endCallMutationOptions(
  client: LinekitClient,
  deps: { inboundCalls: InboundCallStore; queryClient: QueryClient },
) {
  const { inboundCalls, queryClient } = deps
  return mutationOptions<EndCallResponse, LinekitError, EndCallRequest>({
    ...callAction,
    mutationKey: linekitKeys.mutations.endCall,
    mutationFn: typed((body: EndCallRequest) => client.endCall(body)),
    onSuccess: (_data, body) => {
      inboundCalls.markEnded(body.call_uuid, 'ended')
      // The ended call is in the call log now: every call-log list on the page refetches.
      invalidateAfter(queryClient, endCallRoute)
    },
    ...linekitRetry,
  })
}

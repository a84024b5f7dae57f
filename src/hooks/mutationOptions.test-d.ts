import type { UseMutationResult } from '@tanstack/react-query'
import { describe, expectTypeOf, it } from 'vitest'
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
  ReactionRequest,
  ReactionResponse,
  SendMessageRequest,
  SendMessageResponse,
  StartCallRequest,
  StartCallResponse,
  UpdateContactRequest,
} from '../api'
import type { LinekitError } from '../api/errors'
import type { SendWait } from '../provider/sendTypes'
import { useAnswerCall } from './useAnswerCall'
import { useCancelRun } from './useCancelRun'
import { useCreateContact } from './useCreateContact'
import { useDeclineCall } from './useDeclineCall'
import { useEndCall } from './useEndCall'
import { useEnrollFlow } from './useEnrollFlow'
import { useSendGroupMessage } from './useSendGroupMessage'
import { useSendMessage } from './useSendMessage'
import { useSendReaction } from './useSendReaction'
import { useSendWithTyping } from './useSendWithTyping'
import { useStartCall } from './useStartCall'
import { useUpdateContact } from './useUpdateContact'

/** The one shape of a linekit action: a TanStack mutation whose error is a `LinekitError`. */
type Action<Data, Variables> = UseMutationResult<Data, LinekitError, Variables>

describe('every action hook returns the same shape', () => {
  it('a TanStack mutation of the endpoint, with LinekitError errors', () => {
    expectTypeOf(useStartCall).returns.toEqualTypeOf<Action<StartCallResponse, StartCallRequest>>()
    expectTypeOf(useAnswerCall).returns.toEqualTypeOf<Action<AnswerCallResponse, AnswerCallRequest>>()
    expectTypeOf(useDeclineCall).returns.toEqualTypeOf<Action<DeclineCallResponse, DeclineCallRequest>>()
    expectTypeOf(useEndCall).returns.toEqualTypeOf<Action<EndCallResponse, EndCallRequest>>()
    expectTypeOf(useCreateContact).returns.toEqualTypeOf<Action<ContactResponse, CreateContactRequest>>()
    expectTypeOf(useUpdateContact).returns.toEqualTypeOf<Action<ContactResponse, UpdateContactRequest>>()
    expectTypeOf(useEnrollFlow).returns.toEqualTypeOf<Action<EnrollResponse, EnrollRequest>>()
    expectTypeOf(useCancelRun).returns.toEqualTypeOf<Action<CancelRunResponse, CancelRunRequest>>()
  })

  it('sends are the same mutation, plus what only they have', () => {
    expectTypeOf(useSendGroupMessage).returns.toEqualTypeOf<
      Action<GroupSendResponse, GroupSendRequest> & { wait: SendWait | null; cancel: () => void }
    >()
    expectTypeOf(useSendReaction).returns.toEqualTypeOf<
      Action<ReactionResponse, ReactionRequest> & { wait: SendWait | null; cancel: () => void }
    >()
    type Send = Action<SendMessageResponse, SendMessageRequest>
    expectTypeOf(useSendMessage).returns.toEqualTypeOf<Send>()
    expectTypeOf(useSendWithTyping).returns.toEqualTypeOf<Send>()
  })
})

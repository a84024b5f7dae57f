import { describe, expectTypeOf, it } from 'vitest'
import { createLinekitClient } from './index'
import type {
  AudioCallEvent,
  CallStatusQuery,
  CallLogStatus,
  EndpointId,
  KitRouteId,
  GroupSendResponse,
  LinekitClient,
  LinesResponse,
  MessageRecord,
  MessagesListResponse,
  MessagesQuery,
  RequestOptions,
  SendMessageRequest,
  SendMessageResponse,
  Service,
  StartCallResponse,
  VoiceTokenResponse,
  endpoints,
} from './index'

const client = createLinekitClient({ baseUrl: '/api/linekit' })

describe('client method signatures', () => {
  it('returns the inferred response types', () => {
    expectTypeOf(client.sendMessage).returns.resolves.toEqualTypeOf<SendMessageResponse>()
    expectTypeOf(client.sendGroupMessage).returns.resolves.toEqualTypeOf<GroupSendResponse>()
    expectTypeOf(client.getMessages).returns.resolves.toEqualTypeOf<MessagesListResponse>()
    expectTypeOf(client.getMessage).returns.resolves.toEqualTypeOf<MessageRecord>()
    expectTypeOf(client.getLines).returns.resolves.toEqualTypeOf<LinesResponse>()
    expectTypeOf(client.mintVoiceToken).returns.resolves.toEqualTypeOf<VoiceTokenResponse>()
  })

  it('takes typed inputs and per-call options', () => {
    expectTypeOf(client.sendMessage).parameter(0).toEqualTypeOf<SendMessageRequest>()
    expectTypeOf(client.sendMessage)
      .parameter(1)
      .toEqualTypeOf<
        { signal?: AbortSignal; headers?: HeadersInit; keepalive?: boolean; idempotencyKey?: string } | undefined
      >()
    expectTypeOf(client.getMessage).parameter(0).toEqualTypeOf<string>()
    expectTypeOf(client.mintVoiceToken).parameter(0).toEqualTypeOf<{ lineId: string }>()
    // Derived from each endpoint: a query that may be empty is optional, one with a required
    // parameter is not; a GET without input takes only the options; a POST that is not a send
    // takes no idempotency key.
    expectTypeOf(client.getMessages).parameter(0).toEqualTypeOf<MessagesQuery | undefined>()
    expectTypeOf(client.getCallStatus).parameter(0).toEqualTypeOf<CallStatusQuery>()
    expectTypeOf(client.getLines).parameters.toEqualTypeOf<[options?: RequestOptions]>()
    expectTypeOf(client.startCall).parameter(1).toEqualTypeOf<RequestOptions | undefined>()
    expectTypeOf(client.startCall).returns.resolves.toEqualTypeOf<StartCallResponse>()
    // @ts-expect-error effect names are checked
    void client.sendMessage({ phone: '+1', message: 'x', effect: 'sparkle' })
    // @ts-expect-error phone is required
    void client.sendMessage({ message: 'x' })
    // @ts-expect-error limit is a number
    void client.getMessages({ limit: true })
    // @ts-expect-error idempotencyKey is only an option of the sends
    void client.getLines({ idempotencyKey: 'k' })
    // @ts-expect-error call_uuid is required
    void client.getCallStatus({})
  })

  it('has exactly one method per endpoint id and per linekit/server route', () => {
    expectTypeOf<keyof LinekitClient>().toEqualTypeOf<EndpointId | KitRouteId>()
    expectTypeOf<(typeof endpoints)[number]['id']>().toEqualTypeOf<EndpointId>()
  })
})

describe('inferred types', () => {
  it('narrows enumerations and unions', () => {
    expectTypeOf<MessageRecord['service']>().toEqualTypeOf<Service>()
    expectTypeOf<Service>().toEqualTypeOf<'nativechat' | 'SMS' | 'RCS'>()
    expectTypeOf<AudioCallEvent['event']>().toEqualTypeOf<
      'audiocall.inbound.ringing' | 'audiocall.inbound.answered' | 'audiocall.inbound.ended'
    >()
    expectTypeOf<'completed'>().toExtend<CallLogStatus>()
    expectTypeOf<'brand-new'>().toExtend<CallLogStatus>()
    expectTypeOf<VoiceTokenResponse['allowance']>().toExtend<{ state: 'ok' | 'soft' } | null>()
  })
})

/** Minimal valid bodies (required fields only) for every response, event and error schema. */
export const LINE_ID = '3f2b8c1e-4a5d-4e6f-9a7b-8c9d0e1f2a3b'
export const LINE_ID_2 = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'

export const messageRecord = {
  message_handle: 'pbm_abc',
  content: 'hello',
  from_number: '+14155550123',
  to_number: '+14155550124',
  line_id: LINE_ID,
  service: 'nativechat',
  direction: 'outbound',
  status: 'delivered',
  created_at: '2026-01-01T00:00:00Z',
  sent_at: '2026-01-01T00:00:01Z',
  media_attachment_url: null,
  voice_attachment_url: null,
}
export const pagination = { limit: 100, offset: 0, total: 1 }
export const messagesList = { status: 'OK', data: [messageRecord], pagination }
export const sendMessageResponse = {
  success: true,
  status: 'done',
  message: 'Message sent',
  messageType: 'nativechat',
  phone: '+14155550124',
  devicePhoneNumber: '+14155550123',
  mediaAttachmentUrl: null,
  audioAttachmentUrl: null,
}
export const groupSendResponse = {
  success: true,
  status: 'queued',
  groupId: 'pbg_1',
  created: true,
  groupStatus: 'creating',
  service: null,
  recipients: ['+14155550124', '+14155550125'],
  devicePhoneNumber: '+14155550123',
  mediaAttachmentUrl: null,
  audioAttachmentUrl: null,
}
export const typingResponse = { status: 'SENT', number: '+14155550124', error_message: null }
export const reactionResponse = {
  status: 'SENT',
  messageHandle: 'pbm_abc',
  reaction: 'love',
  remove: false,
  error_message: null,
}
export const line = { lineId: LINE_ID }
export const availability = { available: true }
export const contact = {
  id: 'c_1',
  firstName: null,
  lastName: null,
  phoneNumber: '+14155550124',
  email: null,
  customFields: null,
  note: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
}
export const contactResponse = { contact }
export const contactsList = { contacts: [contact], pagination }
export const workflows = { flows: [{ flowId: 'flow-1' }] }
export const enrollResponse = { success: true, runId: 1, status: 'SLEEPING', currentNodeId: 'n1', pb_line_id: LINE_ID }
export const cancelRunResponse = { success: true, runId: 1, status: 'CANCELLED' }
export const effectsResponse = { bubble: ['slam'], screen: ['confetti'] }
export const rtc = { appId: 'app', channelName: 'ch', token: 'tok', uid: 7 }
export const startCallResponse = { status: 'OK', call_uuid: 'call-1', rtc }
export const answerCallResponse = { success: true, call_uuid: 'call-1', rtc: null }
export const declineCallResponse = { success: true, call_uuid: 'call-1' }
export const endCallResponse = { success: true, call_uuid: 'call-1' }
/** spec: the call-status endpoint "returns a `call_status`"; nothing else is shown. */
export const callStatusResponse = { call_status: 'ringing' }
export const callLog = {
  id: 'log-1',
  line_id: LINE_ID,
  from_number: '+14155550123',
  to_number: '+14155550124',
  status: 'completed',
  disposition: 'answered',
  transcript: null,
  duration_seconds: 42,
  answered_at: '2026-01-01T00:00:00Z',
  ended_at: '2026-01-01T00:00:42Z',
  recording_url: null,
}
export const callLogsList = { status: 'OK', data: [callLog], pagination }
export const allowance = {
  state: 'ok',
  used: 10,
  included: 100,
  cap: null,
  pct: 10,
  periodEnd: '2026-01-02T00:00:00Z',
  line: { used: 3, cap: null, capped: false },
}
export const voiceToken = {
  token: 'vt_1',
  expiresAt: '2026-01-01T00:15:00Z',
  ttlSeconds: 900,
  lineId: LINE_ID,
  inboundEnabled: false,
  maxCallsPerToken: 10,
  allowance,
}
export const mintError = { error: 'Daily minutes used', code: 'dialer_cap_reached' }
export const messagingError = { error: 'Invalid request' }
export const groupConflict = { error: 'Group exists on another line', devicePhoneNumber: '+14155550199' }
export const messageWebhook = {
  message: 'hi',
  destination: '+14155550124',
  receivedAt: '2026-01-01T00:00:00Z',
  direction: 'inbound',
  messageId: 1,
  guid: 'g-1',
  linePhoneNumber: '+14155550123',
}
export const crmMessageWebhook = {
  ...messageWebhook,
  contactPhoneNumber: '+14155550124',
  dateReceived: '2026-01-01T00:00:00Z',
  crmContactId: 9,
  crmContactIdText: '9',
}
export const ringingEvent = {
  event: 'audiocall.inbound.ringing',
  call_uuid: 'call-1',
  direction: 'inbound',
  from: '+14155550124',
  pb_line_id: LINE_ID,
  linePhoneNumber: '+14155550123',
  ringingAt: '2026-01-01T00:00:00Z',
  receivedAt: '2026-01-01T00:00:00Z',
}
export const answeredEvent = {
  event: 'audiocall.inbound.answered',
  call_uuid: 'call-1',
  from: '+14155550124',
  pb_line_id: LINE_ID,
  linePhoneNumber: '+14155550123',
  answeredAt: '2026-01-01T00:00:05Z',
  receivedAt: '2026-01-01T00:00:05Z',
}
export const endedEvent = {
  event: 'audiocall.inbound.ended',
  call_uuid: 'call-1',
  status: 'declined',
  from: '+14155550124',
  pb_line_id: LINE_ID,
  linePhoneNumber: '+14155550123',
  answeredAt: null,
  endedAt: '2026-01-01T00:00:09Z',
  receivedAt: '2026-01-01T00:00:09Z',
}
export const oauthToken = { access_token: 'at', token_type: 'Bearer', expires_in: 3600 }

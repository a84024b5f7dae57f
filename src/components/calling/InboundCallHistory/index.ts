export { InboundCallHistory, inboundCallHistoryStrings } from './InboundCallHistory'
export type { InboundCallHistoryProps, InboundCallHistoryStrings } from './InboundCallHistory'

export { InboundCallBanner, inboundCallBannerStrings } from './InboundCallBanner'
export type { InboundCallBannerProps, InboundCallBannerStrings } from './InboundCallBanner'
export { useInboundCallBanner } from './useInboundCallBanner'
export type {
  InboundCallPhase,
  InboundCallView,
  UseInboundCallBannerOptions,
  UseInboundCallBannerResult,
} from './useInboundCallBanner'

import { toNextHandlers } from 'linekit/server/next'
import { linekitServer } from '@/lib/linekit'

export const { GET, POST } = toNextHandlers(linekitServer) // created on the first request, not at build

import { createLogger } from '#app/server/logging.server.ts'

export interface LogLine {
  level: number
  msg: string
  reqId?: string
  [field: string]: unknown
}

/** pino's numeric levels. */
export const LEVEL = { info: 30, warn: 40, error: 50 } as const

/** A logger whose lines a test can read (parsed JSON, as production writes them). */
export function captureLogs() {
  const lines: LogLine[] = []
  const logger = createLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) })
  return { logger, lines, at: (level: number) => lines.filter((line) => line.level === level) }
}

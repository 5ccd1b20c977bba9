/**
 * Sends a notification mail for every stored contact message and lead (docs/decisions/007).
 * The document is stored first; `notifiedAt` marks it as notified once the mail is sent (SMTP)
 * or written to the outbox folder (no SMTP configured). Failures are logged, never thrown:
 * the document stays pending and `retryPending()` (run by `start()`) sends it later.
 *
 * Several instances of the site retry the same pending documents (issue 15, docs/decisions/035):
 * before it sends, an instance claims the mail on the document, a lease of the lake's one lease
 * protocol (app/lake/lease.server.ts): of instances racing for one document exactly one claim
 * lands, and only that instance sends. A claim of an instance that died expires after CLAIM_MS.
 */
import nodemailer, { type Transporter } from 'nodemailer'
import { type Env } from '#app/env.server.ts'
import { type ContentLake, patchDocument, type SanityDocument } from '#app/lake/lake.server.ts'
import {
  CONFIRMATION_SETTINGS_QUERY,
  NOTIFICATION_DOCUMENT_QUERY,
  PENDING_APPOINTMENTS_QUERY,
  PENDING_CONFIRMATIONS_QUERY,
  PENDING_NOTIFICATIONS_QUERY,
  RECEIPT_COUNTS_QUERY,
} from '#app/sanity/queries/inbox.ts'
import { SITE_EMAIL_QUERY } from '#app/sanity/queries/site.ts'
import {
  type CONFIRMATION_SETTINGS_QUERYResult,
  type Lead,
  type NOTIFICATION_DOCUMENT_QUERYResult,
  type PENDING_APPOINTMENTS_QUERYResult,
  type PENDING_CONFIRMATIONS_QUERYResult,
  type PENDING_NOTIFICATIONS_QUERYResult,
  type RECEIPT_COUNTS_QUERYResult,
  type SITE_EMAIL_QUERYResult,
} from '#app/sanity/types.ts'
import { INSTANCE_ID } from '#app/server/instance.server.ts'
import { loggerOf, type Logger } from '#app/server/logging.server.ts'
import { buildAlertMail, buildOptInMail, type AlertEvent, alertHeadline, vehicleTitle } from '#app/alerts/alert-mail.server.ts'
import { type AlertKind, isAlertKind } from '#app/alerts/consent.ts'
import { alertLinks, CONFIRM_LINK_MS } from '#app/alerts/tokens.server.ts'
import { ALERT_LEAD_QUERY, ALERT_MAILS_OF_ADDRESS_QUERY, ALERT_VEHICLE_QUERY } from '#app/sanity/queries/alerts.ts'
import { type ALERT_LEAD_QUERYResult, type ALERT_MAILS_OF_ADDRESS_QUERYResult, type ALERT_VEHICLE_QUERYResult } from '#app/sanity/types.ts'
import { leaseRuns, writeLease } from '#app/lake/lease.server.ts'
import { buildConfirmationMail, confirmationRecipient } from './confirmation-mail.server.ts'
import { alertFileSuffix, MAIL_FILE_SUFFIXES, saveMailCopy } from './mail-outbox.server.ts'
import { filledText } from './mail-parts.server.ts'
import { buildAppointmentMail, buildNotificationMail, type NotificationMail, NOTIFIED_TYPES } from './notification-mail.server.ts'

export type NotifierEnv = Pick<Env, 'SMTP_URL' | 'LEADS_NOTIFY_TO' | 'MAIL_FROM' | 'DATA_DIR' | 'SITE_URL'> & Partial<Pick<Env, 'RECEIPTS_PER_HOUR'>>

export interface NotifierOptions {
  lake: ContentLake
  env: NotifierEnv
  /** A nodemailer transporter to use instead of `createTransport(SMTP_URL)` (tests, pooling). */
  transport?: Transporter
  now?: () => Date
  /** The process logger (createAppContext); else warnings and errors go to console. */
  logger?: Logger
  /** Pending documents older than this are not retried (they stay in the Studio inbox). Default 30 days. */
  maxPendingAgeMs?: number
  /** This instance's name in its claims; default INSTANCE_ID (tests run several notifiers in one process). */
  instance?: string
}

/**
 * `claimed-elsewhere`: another instance is sending this mail (its claim is younger than CLAIM_MS).
 * `capped`: a receipt past a cap on receipts (RECEIPTS_PER_ADDRESS_PER_DAY, RECEIPTS_PER_HOUR), skipped
 * for good; `deferred`: an alert's opt-in mail past a cap, kept pending for the retry run (without it
 * the alert could never be confirmed).
 */
export type NotifyResult =
  'sent' | 'saved' | 'already-notified' | 'claimed-elsewhere' | 'not-found' | 'not-notifiable' | 'no-recipient' | 'capped' | 'deferred' | 'failed'

export interface RetryResult {
  pending: number
  notified: number
  failed: number
}

export interface StartOptions {
  /** Regular interval between retries while everything works. Default 10 minutes. */
  intervalMs?: number
  /** Delay of the first run after start. Default 5 seconds. */
  initialDelayMs?: number
  /** First retry delay after a failure, doubled after each further failure. Default 30 seconds. */
  minBackoffMs?: number
  /** Longest retry delay after failures. Default 30 minutes. */
  maxBackoffMs?: number
}

type StoredDoc = NonNullable<NOTIFICATION_DOCUMENT_QUERYResult>
/** A contact message or a lead: the documents that get a notification mail. */
type NotifiedDoc = Extract<StoredDoc, { _type: (typeof NOTIFIED_TYPES)[number] }>

const isNotified = (doc: StoredDoc): doc is NotifiedDoc => (NOTIFIED_TYPES as readonly string[]).includes(doc._type)

/** Whether the visitor's mail of a document is an alert's double opt-in (decision 080), not a plain receipt. */
const isOptIn = (doc: StoredDoc): doc is Extract<StoredDoc, { _type: 'lead' }> & { kind: AlertKind } =>
  doc._type === 'lead' && isAlertKind(doc.kind) && doc.alert?.status === 'unconfirmed'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The two mails of a stored submission, each with its own done-mark and claim on the document, so
 * that they are claimed, sent and retried independently: a failure of one never resends the other
 * (docs/decisions/042). `dealer`: the notification to the dealer (docs/decisions/007).
 * `confirmation`: the visitor's receipt, due while `confirmationPending` is set (only submissions
 * that gave an address, from the day this mail exists).
 */
export const MAIL_KINDS = {
  dealer: { done: 'notifiedAt', claim: 'notificationClaim', label: 'Benachrichtigung' },
  confirmation: { done: 'confirmationSentAt', claim: 'confirmationClaim', label: 'Eingangsbestätigung' },
  /** A seller chose a Besichtigungstermin after the sell request (issue 38): the dealer hears of it, due while `appointmentPending` is set. */
  appointment: { done: 'appointmentNotifiedAt', claim: 'appointmentClaim', label: 'Terminbenachrichtigung' },
} as const
export type MailKind = keyof typeof MAIL_KINDS
/** Every claim field has this one shape (claimField in schemas/lib/inbox.ts). */
type Claim = Lead['alertClaim'] | null

/** A receipt later than this would confuse more than help: older pending ones are dropped from the retry. */
export const CONFIRMATION_MAX_AGE_MS = 2 * DAY_MS

/*
 * Caps on the visitor's receipts (docs/decisions/042). A
 * receipt goes to whatever address was typed into a form, so without caps anyone could make the
 * dealer's server mail one stranger again and again, or many strangers, from the dealer's domain
 * (whose reputation pays). A visitor rarely sends more than one or two forms a day, so three
 * receipts per address and day hardly ever stop a real one; sixty an hour in total is well above
 * what one dealer's forms bring in and bounds what many clients together can send. Past a cap the submission is stored and the
 * dealer told as always; only the receipt is skipped (and never sent later). The caps are counted
 * in the lake (RECEIPT_COUNTS_QUERY: receipts sent, and receipts being sent under a claim), not in
 * this process's memory, so they hold across a restart and across several instances.
 */
/** Receipts to one mailbox (mailboxOf: lower case, without a `+tag`) within RECEIPT_ADDRESS_WINDOW_MS. */
export const RECEIPTS_PER_ADDRESS_PER_DAY = 3
export const RECEIPT_ADDRESS_WINDOW_MS = DAY_MS
/** Receipts to all addresses together within RECEIPT_TOTAL_WINDOW_MS, unless the env's RECEIPTS_PER_HOUR says otherwise. */
export const RECEIPTS_PER_HOUR = 60
export const RECEIPT_TOTAL_WINDOW_MS = 60 * 60 * 1000

/**
 * The share of the hourly receipts one client's submissions may ask for: a sixth, so that no single client can spend the hour's budget and keep
 * everyone else's receipts and opt-in mails back. Counted per process at submission
 * (AppContext.receiptLimiter, the submission limit's client key); past it an alert is refused and
 * any other submission stored without a receipt.
 */
export function receiptsPerClientPerHour(perHour = RECEIPTS_PER_HOUR): number {
  return Math.max(1, Math.ceil(perHour / 6))
}

/** The mailbox an address reaches, as the caps count it: `Erika+Auto@Example.de` → `erika@example.de`. */
export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at === -1) return lower
  return `${lower.slice(0, at).split('+')[0]}${lower.slice(at)}`
}
/**
 * How long a claim keeps other instances from sending. Longer than one send can take (nodemailer's
 * connection, greeting and socket timeouts below add up to under 2 minutes); a claim left by an
 * instance that died is taken over after it.
 */
export const CLAIM_MS = 10 * 60 * 1000

/*
 * The alerts' mails (issue 38, decision 080) use the same claim on their lead (`alertClaim`); their
 * saved copies are named `<receivedAt>-<lead id>-benachrichtigung-<change>.eml`, so the erasure of
 * a lead finds them with its other mails. At most ALERT_MAILS_PER_ADDRESS_PER_DAY alert mails go
 * to one address in 24 hours, however many alerts it confirmed; past that a change is recorded as
 * skipped (a mail days later about an old change would mislead).
 */
export const ALERT_CLAIM = 'alertClaim'
const ALERT_LABEL = 'Benachrichtigung zu Preis oder Suche'
export const ALERT_MAILS_PER_ADDRESS_PER_DAY = 3
const MAX_CLAIM_TRIES = 3
const MAX_CONSECUTIVE_FAILURES = 3
const NO_RECIPIENT = 'keine Empfängeradresse (LEADS_NOTIFY_TO setzen oder eine E-Mail-Adresse in den Website-Einstellungen eintragen)'

export class Notifier {
  private readonly lake: ContentLake
  private readonly env: NotifierEnv
  private readonly now: () => Date
  private readonly logger: Logger
  private readonly maxPendingAgeMs: number
  private readonly instance: string
  private transport: Transporter | undefined
  private readonly ownsTransport: boolean
  private readonly inFlight = new Map<string, Promise<NotifyResult>>()
  /** Each notifyAll until its last mail (dealer, receipt, appointment) is through. */
  private readonly chains = new Set<Promise<unknown>>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private running: Promise<unknown> | undefined
  private started: Required<StartOptions> | undefined
  private failures = 0

  constructor({ lake, env, transport, now, logger, maxPendingAgeMs, instance }: NotifierOptions) {
    this.lake = lake
    this.env = env
    this.transport = transport
    this.ownsTransport = transport === undefined
    this.now = now ?? (() => new Date())
    this.logger = loggerOf({ logger })
    this.maxPendingAgeMs = maxPendingAgeMs ?? 30 * DAY_MS
    this.instance = instance ?? INSTANCE_ID
  }

  /**
   * Sends the notification for a stored document and marks it with `notifiedAt`. Never throws;
   * concurrent calls for the same document share one attempt.
   */
  notify(docId: string): Promise<NotifyResult> {
    return this.run('dealer', docId)
  }

  /**
   * Sends the visitor's receipt for a stored document that asked for one (`confirmationPending`)
   * and marks it with `confirmationSentAt`. Same rules as notify(), on its own marks.
   */
  confirm(docId: string): Promise<NotifyResult> {
    return this.run('confirmation', docId)
  }

  /**
   * Every mail due for a stored submission: the dealer's first, then the visitor's (one after the
   * other, so their claims never race), then the dealer's note of a chosen Besichtigungstermin,
   * named in the answer only when one was due.
   */
  notifyAll(docId: string): Promise<{ dealer: NotifyResult; confirmation: NotifyResult; appointment?: NotifyResult }> {
    // Kept until all its mails are through: stop() waits for the whole chain, not only the mail running now.
    const chain = this.mailsOf(docId)
    this.chains.add(chain)
    void chain.finally(() => this.chains.delete(chain)).catch(() => undefined)
    return chain
  }

  private async mailsOf(docId: string): Promise<{ dealer: NotifyResult; confirmation: NotifyResult; appointment?: NotifyResult }> {
    const dealer = await this.notify(docId)
    const confirmation = await this.confirm(docId)
    const appointment = await this.run('appointment', docId)
    return { dealer, confirmation, ...(appointment === 'not-notifiable' ? {} : { appointment }) }
  }

  private run(mail: MailKind, docId: string): Promise<NotifyResult> {
    const key = `${mail}:${docId}`
    const running = this.inFlight.get(key)
    if (running) return running
    const attempt = this.attempt(mail, docId)
      .catch((error: unknown) => {
        this.logger.error({ documentId: docId, mail, reason: describe(error) }, `${MAIL_KINDS[mail].label} fehlgeschlagen, sie wird später wiederholt`)
        this.retrySoon()
        return 'failed' as const
      })
      .finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, attempt)
    return attempt
  }

  /** Sends every pending receipt (oldest first, 100 at a time, at most CONFIRMATION_MAX_AGE_MS old). Never throws. */
  retryPendingConfirmations(): Promise<RetryResult> {
    return this.retryEach({
      maxAgeMs: Math.min(CONFIRMATION_MAX_AGE_MS, this.maxPendingAgeMs),
      read: (since) =>
        this.lake.fetch<PENDING_CONFIRMATIONS_QUERYResult>(PENDING_CONFIRMATIONS_QUERY, { types: [...NOTIFIED_TYPES], since }, { includePrivate: true }),
      unreadable: 'Offene Eingangsbestätigungen konnten nicht gelesen werden',
      send: (id) => this.confirm(id),
      // A receipt without an address is no failure: it will never be sent.
      failures: ['failed'],
      // Past a cap every further one would be claimed and counted only to wait too.
      stopAfter: async (outcome) => (outcome === 'deferred' || outcome === 'capped') && (await this.hourlyReceiptsSpent().catch(() => true)),
    })
  }

  /** Sends every pending appointment note (a seller's chosen Besichtigungstermin), oldest first. Never throws. */
  retryPendingAppointments(): Promise<RetryResult> {
    return this.retryEach({
      read: (since) => this.lake.fetch<PENDING_APPOINTMENTS_QUERYResult>(PENDING_APPOINTMENTS_QUERY, { since }, { includePrivate: true }),
      unreadable: 'Offene Terminbenachrichtigungen konnten nicht gelesen werden',
      send: (id) => this.run('appointment', id),
      failures: ['failed', 'no-recipient'],
      ready: (ids) => this.dealerRecipientKnown(ids),
    })
  }

  /** Notifies every pending document (oldest first, 100 at a time). Never throws. */
  retryPending(): Promise<RetryResult> {
    return this.retryEach({
      read: (since) =>
        this.lake.fetch<PENDING_NOTIFICATIONS_QUERYResult>(PENDING_NOTIFICATIONS_QUERY, { types: [...NOTIFIED_TYPES], since }, { includePrivate: true }),
      unreadable: 'Offene Benachrichtigungen konnten nicht gelesen werden',
      send: (id) => this.notify(id),
      failures: ['failed', 'no-recipient'],
      ready: (ids) => this.dealerRecipientKnown(ids),
    })
  }

  /** Whether the dealer's mails have an address; without one every one would fail: one log line instead of one per document. */
  private async dealerRecipientKnown(ids: readonly string[]): Promise<boolean> {
    try {
      if (await this.recipient()) return true
      this.logger.error({ pending: ids.length }, `Benachrichtigungen offen, aber ${NO_RECIPIENT}`)
    } catch (error) {
      this.logger.error({ reason: describe(error) }, 'Empfängeradresse für Benachrichtigungen nicht lesbar')
    }
    return false
  }

  /**
   * One retry run, the same for every kind of mail: reads the pending ids, sends each and counts.
   * After MAX_CONSECUTIVE_FAILURES `failures` in a row the rest counts as failed and waits for the
   * next run (probably the server is down); `stopAfter` ends the run early without counting the rest.
   */
  private async retryEach({
    maxAgeMs = this.maxPendingAgeMs,
    read,
    unreadable,
    send,
    failures,
    ready,
    stopAfter,
  }: {
    /** Pending documents older than this are not retried. */
    maxAgeMs?: number
    /** The pending ids, received since `since` (ISO). */
    read: (since: string) => Promise<string[]>
    /** The log line when the pending ids could not be read. */
    unreadable: string
    send: (id: string) => Promise<NotifyResult>
    failures: readonly NotifyResult[]
    /** Asked once before sending; false counts every pending one as failed. */
    ready?: (ids: readonly string[]) => Promise<boolean>
    stopAfter?: (outcome: NotifyResult) => Promise<boolean>
  }): Promise<RetryResult> {
    let ids: string[]
    try {
      ids = await read(new Date(this.now().getTime() - maxAgeMs).toISOString())
    } catch (error) {
      this.logger.error({ reason: describe(error) }, unreadable)
      return { pending: 0, notified: 0, failed: 1 }
    }
    const result: RetryResult = { pending: ids.length, notified: 0, failed: 0 }
    if (ids.length === 0) return result
    if (ready && !(await ready(ids))) return { ...result, failed: ids.length }
    let consecutiveFailures = 0
    for (const [index, id] of ids.entries()) {
      const outcome = await send(id)
      if (outcome === 'sent' || outcome === 'saved') {
        result.notified++
        consecutiveFailures = 0
      } else if (failures.includes(outcome)) {
        result.failed++
        if (++consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
          result.failed += ids.length - index - 1
          break
        }
      } else if (stopAfter && (await stopAfter(outcome))) {
        break
      }
    }
    return result
  }

  /** Runs `retryPending()` soon, then on an interval; after failures sooner, with backoff. */
  start(options: StartOptions = {}) {
    if (this.started) return
    this.started = {
      intervalMs: options.intervalMs ?? 10 * 60 * 1000,
      initialDelayMs: options.initialDelayMs ?? 5000,
      minBackoffMs: options.minBackoffMs ?? 30 * 1000,
      maxBackoffMs: options.maxBackoffMs ?? 30 * 60 * 1000,
    }
    this.schedule(this.started.initialDelayMs)
  }

  /** Stops the schedule, waits for a running retry and closes the SMTP transport. */
  async stop() {
    this.started = undefined
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    await this.running
    await Promise.allSettled(this.chains)
    await Promise.allSettled(this.inFlight.values())
    if (this.ownsTransport) {
      this.transport?.close()
      this.transport = undefined
    }
  }

  /** The delay before the next scheduled run: the interval, or the backoff after failures. */
  nextDelayMs(): number | undefined {
    const options = this.started
    if (!options) return undefined
    if (this.failures === 0) return options.intervalMs
    return Math.min(options.maxBackoffMs, options.minBackoffMs * 2 ** (this.failures - 1))
  }

  /** After a failed direct notify: retry after the first backoff instead of the regular interval. */
  private retrySoon() {
    if (!this.started || this.running || this.failures > 0) return
    this.failures = 1
    this.schedule(this.nextDelayMs() ?? this.started.minBackoffMs)
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.tick(), delayMs)
    this.timer.unref?.()
  }

  private async tick() {
    this.timer = undefined
    // The dealer's mails first; the receipts' failures count for the backoff alike.
    const run = this.retryPending().then(async (dealer) => {
      const confirmations = await this.retryPendingConfirmations()
      const appointments = await this.retryPendingAppointments()
      return { failed: dealer.failed + confirmations.failed + appointments.failed }
    })
    this.running = run
    const result = await run
    this.running = undefined
    this.failures = result.failed > 0 ? this.failures + 1 : 0
    const delay = this.nextDelayMs()
    if (delay !== undefined) this.schedule(delay)
  }

  /**
   * Reads the document and, if it is still to notify, claims and notifies it. A claim lost to a
   * change that is not another instance's claim (staff set the status meanwhile) is tried again
   * on the document as it is now.
   */
  private async attempt(mail: MailKind, docId: string): Promise<NotifyResult> {
    for (let tries = 1; ; tries++) {
      const result = await this.attemptOnce(mail, docId)
      if (result !== 'lost-claim') return result
      if (tries === MAX_CLAIM_TRIES) return 'claimed-elsewhere'
    }
  }

  private async attemptOnce(kind: MailKind, docId: string): Promise<NotifyResult | 'lost-claim'> {
    const marks = MAIL_KINDS[kind]
    const doc = await this.lake.fetch<NOTIFICATION_DOCUMENT_QUERYResult>(NOTIFICATION_DOCUMENT_QUERY, { id: docId }, { includePrivate: true })
    if (!doc) {
      this.logger.warn({ documentId: docId, mail: kind }, `${marks.label}: Dokument nicht gefunden`)
      return 'not-found'
    }
    if (!isNotified(doc)) return 'not-notifiable'
    // The appointment's marks exist on leads only.
    const marked = doc as Record<string, unknown>
    if (marked[marks.done]) return 'already-notified'
    if (kind === 'confirmation' && doc.confirmationPending !== true) return 'not-notifiable'
    if (kind === 'appointment' && marked.appointmentPending !== true) return 'not-notifiable'
    if (this.claimedByOther(marked[marks.claim] as Claim)) return 'claimed-elsewhere'
    const { vehicleInfo, testDriveInfo, notificationClaim: _, confirmationClaim: __, ...rest } = doc
    const { appointmentClaim: ___, ...stored } = rest as typeof rest & { appointmentClaim?: unknown }
    let mail: NotificationMail | undefined
    if (kind === 'dealer' || kind === 'appointment') {
      const to = await this.recipient()
      if (!to) {
        this.logger.error({ documentId: docId }, `Benachrichtigung bleibt offen: ${NO_RECIPIENT}`)
        return 'no-recipient'
      }
      const options = { to, from: this.env.MAIL_FROM, siteUrl: this.env.SITE_URL, vehicle: vehicleInfo, testDrive: testDriveInfo }
      mail = kind === 'appointment' ? buildAppointmentMail(stored, options) : buildNotificationMail(stored, options)
    } else {
      const settings = await this.lake.fetch<CONFIRMATION_SETTINGS_QUERYResult>(CONFIRMATION_SETTINGS_QUERY, {}, { includePrivate: true })
      const to = confirmationRecipient(stored)
      if (isOptIn(doc) && to) {
        // An alert's receipt is the double opt-in's confirmation mail (decision 080): its link works for CONFIRM_LINK_MS from now.
        const now = this.now()
        mail = buildOptInMail({
          to,
          from: this.env.MAIL_FROM,
          leadId: docId,
          kind: doc.kind,
          settings: settings ?? {},
          vehicle: vehicleInfo,
          search: doc.fields?.find((field) => field.name === 'query')?.value,
          siteUrl: this.env.SITE_URL,
          links: await alertLinks(this.lake, this.env.SITE_URL, docId, now),
          expiresAt: new Date(now.getTime() + CONFIRM_LINK_MS),
        })
      } else {
        mail = buildConfirmationMail(stored, { from: this.env.MAIL_FROM, siteUrl: this.env.SITE_URL, settings: settings ?? {}, vehicle: vehicleInfo })
      }
      if (!mail) {
        // No usable address after all: nothing will ever be sent, so it is no longer pending.
        await patchDocument(this.lake, docId, { unset: ['confirmationPending'] })
        return 'no-recipient'
      }
    }
    if (!(await this.claim(doc, marks.claim))) return 'lost-claim'
    const optIn = kind === 'confirmation' && isOptIn(doc)
    let result: 'sent' | 'saved' | 'capped'
    try {
      // The caps are counted after the claim: of instances racing with receipts past a cap each
      // sees the others' claims, so at worst both skip, never both send.
      if (kind === 'confirmation' && (await this.receiptCapReached(docId, mail.to, optIn))) result = 'capped'
      else result = this.transport || this.env.SMTP_URL ? await this.send(mail, docId, kind) : await this.save(doc, mail, MAIL_FILE_SUFFIXES[kind])
    } catch (error) {
      // Free the document at once for the next attempt, here or on another instance.
      await patchDocument(this.lake, docId, { unset: [marks.claim] }).catch(() => undefined)
      throw error
    }
    if (result === 'capped' && optIn) {
      // An opt-in mail waits for the cap to free (the retry run, within CONFIRMATION_MAX_AGE_MS):
      // dropped, the alert could never be confirmed. Its link's time starts when it is sent.
      await patchDocument(this.lake, docId, { unset: [marks.claim] })
      return 'deferred'
    }
    if (result === 'capped') {
      // Skipped for good (a late receipt would confuse): no longer pending, nothing sent.
      await patchDocument(this.lake, docId, { unset: [marks.claim, 'confirmationPending'] })
      return result
    }
    // Without ifRevisionID: staff may have changed the status meanwhile, and the mail is out.
    const unset = kind === 'confirmation' ? [marks.claim, 'confirmationPending'] : kind === 'appointment' ? [marks.claim, 'appointmentPending'] : [marks.claim]
    await patchDocument(this.lake, docId, { set: { [marks.done]: this.now().toISOString() }, unset })
    return result
  }

  /**
   * Tells a confirmed alert (a lead with `alert.status == "active"`) of one change (docs/decisions/080):
   * once per change and alert, across instances, with the claim every mail of the notifier uses
   * (`alertClaim` on the lead, `ifRevisionID`); done is the change's key in `alert.sent`. Past the
   * daily cap of the address the change is recorded as skipped, not sent. Never throws.
   */
  sendAlert(leadId: string, event: AlertEvent): Promise<NotifyResult> {
    const key = `alert:${leadId}:${event.key}`
    const running = this.inFlight.get(key)
    if (running) return running
    const attempt = (async () => {
      for (let tries = 1; ; tries++) {
        const result = await this.attemptAlertOnce(leadId, event)
        if (result !== 'lost-claim') return result
        if (tries === MAX_CLAIM_TRIES) return 'claimed-elsewhere' as const
      }
    })()
      .catch((error: unknown) => {
        this.logger.error(
          { documentId: leadId, mail: 'alert', reason: describe(error) },
          `${ALERT_LABEL} fehlgeschlagen, sie wird beim nächsten Abgleich wiederholt`,
        )
        return 'failed' as const
      })
      .finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, attempt)
    return attempt
  }

  private async attemptAlertOnce(leadId: string, event: AlertEvent): Promise<NotifyResult | 'lost-claim'> {
    const doc = await this.lake.fetch<ALERT_LEAD_QUERYResult>(ALERT_LEAD_QUERY, { id: leadId }, { includePrivate: true })
    if (!doc) return 'not-found'
    const alert = doc.alert
    if (alert?.status !== 'active') return 'not-notifiable'
    const sent = alert.sent ?? []
    if (sent.some((entry) => entry._key === event.key)) return 'already-notified'
    if (this.claimedByOther(doc.alertClaim)) return 'claimed-elsewhere'
    const to = confirmationRecipient({ _id: doc._id, _type: 'lead', contact: { email: doc.email } })
    if (!to) return 'no-recipient'
    const [vehicle, settings] = await Promise.all([
      this.lake.fetch<ALERT_VEHICLE_QUERYResult>(ALERT_VEHICLE_QUERY, { id: event.vehicleDocId }),
      this.lake.fetch<CONFIRMATION_SETTINGS_QUERYResult>(CONFIRMATION_SETTINGS_QUERY, {}, { includePrivate: true }),
    ])
    if (!vehicle) return 'not-found'
    const links = await alertLinks(this.lake, this.env.SITE_URL, leadId, this.now())
    const mail = buildAlertMail({ to, from: this.env.MAIL_FROM, leadId, event, vehicle, settings: settings ?? {}, siteUrl: this.env.SITE_URL, links })
    if (!(await this.claim(doc, ALERT_CLAIM))) return 'lost-claim'
    let result: 'sent' | 'saved' | 'capped'
    try {
      if (await this.alertCapReached(leadId, to)) result = 'capped'
      else if (this.transport || this.env.SMTP_URL) result = await this.send(mail, leadId, 'alert')
      else result = await this.save({ _id: leadId, _type: 'lead', receivedAt: doc.receivedAt }, mail, alertFileSuffix(event.key))
    } catch (error) {
      await patchDocument(this.lake, leadId, { unset: [ALERT_CLAIM] }).catch(() => undefined)
      throw error
    }
    // Written under the claim: no other mail of this lead is sent meanwhile, so the list is current.
    const record = {
      _key: event.key,
      _type: 'alertSent',
      at: this.now().toISOString(),
      headline: alertHeadline(event, vehicleTitle(vehicle)),
      ...(result === 'capped' ? { skipped: `Tageshöchstzahl erreicht (${ALERT_MAILS_PER_ADDRESS_PER_DAY} E-Mails je Adresse und Tag)` } : {}),
    }
    await patchDocument(this.lake, leadId, { set: { 'alert.sent': [...sent, record] }, unset: [ALERT_CLAIM] })
    return result
  }

  /** Whether the address had ALERT_MAILS_PER_ADDRESS_PER_DAY alert mails in 24 hours (sent or being sent; counted in the lake). */
  private async alertCapReached(leadId: string, to: string): Promise<boolean> {
    const now = this.now().getTime()
    const counts = await this.lake.fetch<ALERT_MAILS_OF_ADDRESS_QUERYResult>(
      ALERT_MAILS_OF_ADDRESS_QUERY,
      {
        id: leadId,
        to: to.trim().toLowerCase(),
        day: new Date(now - DAY_MS).toISOString(),
        claimedSince: new Date(now - CLAIM_MS).toISOString(),
      },
      { includePrivate: true },
    )
    if ((counts.sent ?? 0) + counts.claimed < ALERT_MAILS_PER_ADDRESS_PER_DAY) return false
    this.logger.warn(
      { documentId: leadId, mail: 'alert', cap: 'alert-per-day', limit: ALERT_MAILS_PER_ADDRESS_PER_DAY },
      `${ALERT_LABEL} übersprungen: Tageshöchstzahl der Adresse erreicht`,
    )
    return true
  }

  /** Whether a cap on receipts keeps this one from going out (counted in the lake); logs which, without the address. */
  private async receiptCapReached(docId: string, to: string, optIn: boolean): Promise<boolean> {
    const { counts, perHour } = await this.receiptCounts(docId, mailboxOf(to))
    const cap =
      counts.address >= RECEIPTS_PER_ADDRESS_PER_DAY
        ? { cap: 'address-per-day', limit: RECEIPTS_PER_ADDRESS_PER_DAY, counted: counts.address }
        : counts.total >= perHour
          ? { cap: 'total-per-hour', limit: perHour, counted: counts.total }
          : undefined
    if (!cap) return false
    const reason =
      cap.cap === 'address-per-day'
        ? `an diese Adresse gingen in 24 Stunden schon ${RECEIPTS_PER_ADDRESS_PER_DAY}`
        : `in der letzten Stunde gingen schon ${perHour} Eingangsbestätigungen hinaus`
    this.logger.warn(
      { documentId: docId, mail: 'confirmation', ...cap },
      optIn ? `Bestätigungsmail einer Benachrichtigung zurückgestellt, sie wird später gesendet: ${reason}` : `Eingangsbestätigung übersprungen: ${reason}`,
    )
    return true
  }

  /** Whether the hour's receipts are spent: the retry run then leaves the rest for its next turn. */
  private async hourlyReceiptsSpent(): Promise<boolean> {
    const { counts, perHour } = await this.receiptCounts('', '')
    return counts.total >= perHour
  }

  /** RECEIPT_COUNTS_QUERY for the document `docId` and the mailbox `mailbox`, now. */
  private async receiptCounts(docId: string, mailbox: string) {
    const now = this.now().getTime()
    const counts = await this.lake.fetch<RECEIPT_COUNTS_QUERYResult>(
      RECEIPT_COUNTS_QUERY,
      {
        types: [...NOTIFIED_TYPES],
        id: docId,
        to: mailbox,
        day: new Date(now - RECEIPT_ADDRESS_WINDOW_MS).toISOString(),
        hour: new Date(now - RECEIPT_TOTAL_WINDOW_MS).toISOString(),
        claimedSince: new Date(now - CLAIM_MS).toISOString(),
      },
      { includePrivate: true },
    )
    return { counts, perHour: this.env.RECEIPTS_PER_HOUR ?? RECEIPTS_PER_HOUR }
  }

  /** Whether another instance claimed the mail less than CLAIM_MS ago (this instance's own claim is its in-flight attempt, or left by its crash). */
  private claimedByOther(claim: Claim): boolean {
    if (!claim?.at || claim.instance === this.instance) return false
    return leaseRuns(Date.parse(claim.at) + CLAIM_MS, this.now())
  }

  /** Claims one mail of the document as read (revision `_rev`); false when another instance changed it first. */
  private async claim(doc: { _id: string; _rev?: string }, field: (typeof MAIL_KINDS)[MailKind]['claim'] | typeof ALERT_CLAIM): Promise<boolean> {
    const claim = { instance: this.instance, at: this.now().toISOString() }
    return (await writeLease(this.lake, { id: doc._id, revision: doc._rev, set: { [field]: claim } })) !== undefined
  }

  /** LEADS_NOTIFY_TO, else the site settings' e-mail (read each time: staff may change it). */
  private async recipient(): Promise<string | undefined> {
    if (this.env.LEADS_NOTIFY_TO) return this.env.LEADS_NOTIFY_TO
    const email = await this.lake.fetch<SITE_EMAIL_QUERYResult>(SITE_EMAIL_QUERY, {}, { includePrivate: true })
    return filledText(email)
  }

  private async send(mail: NotificationMail, documentId: string, kind: MailKind | 'alert'): Promise<'sent'> {
    this.transport ??= nodemailer.createTransport({
      url: this.env.SMTP_URL,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    })
    await this.transport.sendMail(mail)
    // Not the address nor the subject: a receipt's names the visitor, and a log outlives an erased lead.
    this.logger.info({ documentId, mail: kind }, `${kind === 'alert' ? ALERT_LABEL : MAIL_KINDS[kind].label} gesendet`)
    return 'sent'
  }

  /** Without SMTP: the complete message kept in the outbox (mail-outbox.server.ts). */
  private async save(doc: SanityDocument, mail: NotificationMail, suffix: string): Promise<'saved'> {
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
    const info = await composer.sendMail(mail)
    const receivedAt = typeof doc.receivedAt === 'string' ? doc.receivedAt : this.now().toISOString()
    const file = await saveMailCopy(this.env, { documentId: doc._id, receivedAt, suffix, message: info.message as Buffer })
    this.logger.info({ file }, 'Benachrichtigung als Datei gespeichert')
    return 'saved'
  }
}

/** The error without anything that could carry credentials (nodemailer errors name host and port, not the password). */
function describe(error: unknown) {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message
  }
  return String(error)
}

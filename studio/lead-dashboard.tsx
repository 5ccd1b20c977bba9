import { ChartUpwardIcon } from '@sanity/icons'
import { Box, Card, Container, Flex, Heading, Select, Spinner, Stack, Text } from '@sanity/ui'
import { type ReactNode, useEffect, useState } from 'react'
import { definePlugin, useClient } from 'sanity'
import { IntentLink } from 'sanity/router'
import { CONTACT_STATUSES, LEAD_KINDS, titleOf } from '../schemas/lib/constants'
import {
  DASHBOARD_PAGES_QUERY,
  DASHBOARD_PROMISE_HOURS_QUERY,
  DASHBOARD_QUERY,
  dashboardParams,
  type DashboardFilters,
  shareText,
  weekLabel,
} from './lead-dashboard-model'

/*
 * The „Anfragen-Übersicht“ (issue 38 item 5): leads per week, per form and per
 * page (which city page brings sellers), the share answered within the Kennzahl's time, and the
 * possible duplicates, with the inbox lists' filters (form, state). Every number is GROQ
 * (app/sanity/queries/dashboard.ts), read with the member's own session: an editor sees it as an
 * administrator does (tools are hidden from non-administrators only by name, sanity.config.ts).
 */

const API_VERSION = '2025-02-19'

interface Figures {
  total: number
  weeks: Array<{ start: string; count: number }>
  forms: Array<{ kind: string; count: number }>
  pages: Array<{ page: string; count: number; sellers: number }>
  answered: number
  answeredInTime: number
  duplicates: Array<{ _id: string; kind?: string | null; receivedAt?: string | null; page?: string | null }>
}

const received = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' })

function Table({ head, rows, testId }: { head: string[]; rows: ReactNode[][]; testId: string }) {
  const cell = { padding: '4px 16px 4px 0', textAlign: 'left' as const, verticalAlign: 'top' as const }
  return (
    <table data-testid={testId} style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          {head.map((title) => (
            <th key={title} style={cell}>
              <Text size={1} weight="semibold">
                {title}
              </Text>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((value, column) => (
              <td key={column} style={cell}>
                <Text size={1}>{value}</Text>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card padding={4} radius={2} shadow={1}>
      <Stack space={4}>
        <Heading as="h2" size={1}>
          {title}
        </Heading>
        {children}
      </Stack>
    </Card>
  )
}

function LeadDashboard() {
  const client = useClient({ apiVersion: API_VERSION })
  const [filters, setFilters] = useState<DashboardFilters>({ kind: null, status: null, weeks: 8 })
  const [figures, setFigures] = useState<{ figures: Figures; promiseHours: number | null } | 'error' | null>(null)

  useEffect(() => {
    let current = true
    setFigures(null)
    const now = new Date()
    void (async () => {
      const promiseHours = await client.fetch<number | null>(DASHBOARD_PROMISE_HOURS_QUERY)
      const pages = await client.fetch<string[]>(DASHBOARD_PAGES_QUERY, dashboardParams(filters, now, promiseHours))
      const result = await client.fetch<Figures>(DASHBOARD_QUERY, dashboardParams(filters, now, promiseHours, [...pages].sort()))
      if (current) setFigures({ figures: result, promiseHours })
    })().catch(() => current && setFigures('error'))
    return () => {
      current = false
    }
  }, [client, filters])

  const kindTitle = (kind: string | null | undefined) => titleOf(LEAD_KINDS, kind) ?? kind ?? '–'
  const select = (value: string | null) => value ?? ''
  return (
    <Container width={3} padding={4}>
      <Stack space={5}>
        <Heading as="h1" size={2}>
          Anfragen-Übersicht
        </Heading>
        <Flex gap={3} wrap="wrap">
          <Box>
            <Text as="label" size={1} weight="semibold">
              Formular
              <Select
                value={select(filters.kind)}
                onChange={(event) => setFilters({ ...filters, kind: event.currentTarget.value || null })}
                data-testid="dashboard-kind"
              >
                <option value="">Alle Formulare</option>
                {LEAD_KINDS.map(({ title, value }) => (
                  <option key={value} value={value}>
                    {title}
                  </option>
                ))}
              </Select>
            </Text>
          </Box>
          <Box>
            <Text as="label" size={1} weight="semibold">
              Bearbeitungsstand
              <Select
                value={select(filters.status)}
                onChange={(event) => setFilters({ ...filters, status: event.currentTarget.value || null })}
                data-testid="dashboard-status"
              >
                <option value="">Alle</option>
                {CONTACT_STATUSES.map(({ title, value }) => (
                  <option key={value} value={value}>
                    {title}
                  </option>
                ))}
              </Select>
            </Text>
          </Box>
          <Box>
            <Text as="label" size={1} weight="semibold">
              Zeitraum
              <Select value={String(filters.weeks)} onChange={(event) => setFilters({ ...filters, weeks: Number(event.currentTarget.value) })}>
                {[4, 8, 13, 26, 52].map((weeks) => (
                  <option key={weeks} value={weeks}>
                    {`Letzte ${weeks} Wochen`}
                  </option>
                ))}
              </Select>
            </Text>
          </Box>
        </Flex>
        {figures === 'error' ? (
          <Card tone="critical" padding={3}>
            <Text>Die Zahlen ließen sich gerade nicht lesen. Bitte laden Sie die Seite neu.</Text>
          </Card>
        ) : figures === null ? (
          <Spinner muted />
        ) : (
          <DashboardFigures {...figures} kindTitle={kindTitle} />
        )}
      </Stack>
    </Container>
  )
}

function DashboardFigures({
  figures,
  promiseHours,
  kindTitle,
}: {
  figures: Figures
  promiseHours: number | null
  kindTitle: (kind: string | null | undefined) => string
}) {
  const number = new Intl.NumberFormat('de-DE')
  return (
    <Stack space={4}>
      <Section title="Auf einen Blick">
        <Text data-testid="dashboard-total">{`${number.format(figures.total)} ${figures.total === 1 ? 'Anfrage' : 'Anfragen'} im Zeitraum`}</Text>
        <Text data-testid="dashboard-in-time">
          {promiseHours
            ? `Innerhalb von ${number.format(promiseHours)} Stunden beantwortet: ${shareText(figures.answeredInTime, figures.answered)} der beantworteten`
            : 'Keine Antwortzeit hinterlegt (Einstellungen → Kennzahlen → „Bewertung innerhalb (Stunden)“).'}
        </Text>
      </Section>
      <Section title="Pro Woche">
        <Table testId="dashboard-weeks" head={['Woche', 'Anfragen']} rows={figures.weeks.map((week) => [weekLabel(week.start), number.format(week.count)])} />
      </Section>
      <Section title="Nach Formular">
        <Table
          testId="dashboard-forms"
          head={['Formular', 'Anfragen']}
          rows={figures.forms.filter((form) => form.count > 0).map((form) => [kindTitle(form.kind), number.format(form.count)])}
        />
      </Section>
      <Section title="Nach Seite">
        <Text size={1} muted>
          Von welcher Seite die Anfragen kamen; „Verkäufer“ zählt Bewertungen, Ankauf- und Verkaufsanfragen.
        </Text>
        <Table
          testId="dashboard-pages"
          head={['Seite', 'Anfragen', 'davon Verkäufer']}
          rows={[...figures.pages]
            .sort((a, b) => b.sellers - a.sellers || b.count - a.count)
            .map((page) => [page.page, number.format(page.count), number.format(page.sellers)])}
        />
      </Section>
      <Section title="Mögliche Dubletten">
        <Text size={1} muted>
          Anfragen mit derselben E-Mail-Adresse oder Telefonnummer wie eine andere innerhalb von 30 Tagen.
        </Text>
        <Table
          testId="dashboard-duplicates"
          head={['Eingegangen', 'Formular', 'Seite']}
          rows={figures.duplicates.map((doc) => [
            <IntentLink key={doc._id} intent="edit" params={{ id: doc._id, type: 'lead' }}>
              {doc.receivedAt ? received.format(new Date(doc.receivedAt)) : doc._id}
            </IntentLink>,
            kindTitle(doc.kind),
            doc.page ?? '–',
          ])}
        />
      </Section>
    </Stack>
  )
}

/** The tool in the Studio's top bar, beside „Inhalte“ and „Vorschau“. */
export const leadDashboard = definePlugin({
  name: 'lead-dashboard',
  tools: [{ name: 'anfragen-uebersicht', title: 'Anfragen-Übersicht', icon: ChartUpwardIcon, component: LeadDashboard }],
})

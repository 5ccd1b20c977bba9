import { Box, Card, Checkbox, Flex, Grid, Stack, Text } from '@sanity/ui'
import { createElement } from 'react'
import { type ArrayOfPrimitivesInputProps, type ObjectInputProps, set, unset, useFormValue } from 'sanity'

type ExternalImage = { _key?: string; url?: string; alt?: string }

/** The ad's address on mobile.de and whether the car is synced, from the document being edited. */
export function syncBannerText(document: { source?: unknown; marketplaceUrl?: unknown } | undefined) {
  if (document?.source !== 'mobile.de') return undefined
  return {
    text: 'Dieses Fahrzeug kommt von mobile.de. Gesperrte Felder bitte dort ändern – der nächste Abgleich überschreibt sie. Ihre eigenen Bilder, ausgeblendete Fotos, Status und Verkaufsdatum bleiben Ihre.',
    href: typeof document.marketplaceUrl === 'string' ? document.marketplaceUrl : undefined,
  }
}

/** One banner at the top of a synced vehicle, instead of the same help text on every locked field. */
export function SyncedVehicleBanner(props: ObjectInputProps) {
  const banner = syncBannerText(props.value as Record<string, unknown> | undefined)
  if (!banner) return props.renderDefault(props)
  return (
    <Stack space={4}>
      <Card tone="primary" padding={3} radius={2} border data-testid="synced-vehicle-banner">
        <Stack space={3}>
          <Text size={1}>{banner.text}</Text>
          {banner.href ? (
            <Text size={1}>
              <a href={banner.href} target="_blank" rel="noreferrer">
                Inserat auf mobile.de öffnen
              </a>
            </Text>
          ) : null}
        </Stack>
      </Card>
      {props.renderDefault(props)}
    </Stack>
  )
}

/** A photo as the Studio's thumbnails show it (a car's mobile.de photos, a seller's photos): 4:3, cropped to fill. */
export function thumbnail(image: { url?: string; alt?: string }, dimmed = false) {
  return createElement('img', {
    src: image.url,
    alt: image.alt ?? '',
    style: { width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', opacity: dimmed ? 0.35 : 1 },
  })
}

/**
 * The hidden-photo list as a checkbox under each of the ad's photos: staff hide single photos by
 * address; the sync never writes this field (docs/decisions/026).
 */
export function HiddenExternalImagesInput(props: ArrayOfPrimitivesInputProps) {
  const images = (useFormValue(['externalImages']) ?? []) as ExternalImage[]
  const hidden = new Set((props.value ?? []) as string[])
  const toggle = (url: string) => {
    const next = new Set(hidden)
    if (next.has(url)) next.delete(url)
    else next.add(url)
    props.onChange(next.size === 0 ? unset() : set([...next]))
  }
  if (images.length === 0) return <Text size={1}>Keine Fotos im Inserat.</Text>
  return (
    <Grid columns={[2, 3, 4]} gap={2}>
      {images.map((image, index) =>
        image.url ? (
          <Card key={image._key ?? image.url} radius={2} overflow="hidden" border>
            {thumbnail(image, hidden.has(image.url))}
            <Box padding={2}>
              <Flex as="label" align="center" gap={2}>
                <Checkbox
                  checked={hidden.has(image.url)}
                  readOnly={props.readOnly}
                  onChange={() => toggle(image.url!)}
                  aria-label={`Foto ${index + 1} ausblenden`}
                />
                <Text size={1}>Ausblenden</Text>
              </Flex>
            </Box>
          </Card>
        ) : null,
      )}
    </Grid>
  )
}

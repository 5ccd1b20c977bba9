import { type ReactNode, type SVGProps } from 'react'

/*
 * Small inline icons (no icon library: one request less and no dependency). 24×24 outline
 * glyphs in the style of Feather Icons (MIT), drawn with `currentColor`. They are decorative:
 * hidden from assistive technology; the text beside them carries the meaning.
 */

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>

/**
 * One `<path>` per icon (circles and rectangles written as path data): 2 elements instead of up to 7,
 * which matters on pages with dozens of icons (docs/performance.md: the DOM's size is what the
 * first frame and hydration cost). `filled` paints the shape instead of stroking it.
 */
export function Icon({ d, filled = false, className = 'size-5', ...props }: IconProps & { d: string; filled?: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      <path d={d} fill={filled ? 'currentColor' : undefined} />
    </svg>
  )
}

export function PhoneIcon(props: IconProps) {
  return (
    <Icon
      {...props}
      d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8.1 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z"
    />
  )
}

export function MailIcon(props: IconProps) {
  return <Icon {...props} d="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-16a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2zM22 6l-10 7L2 6" />
}

export function MapPinIcon(props: IconProps) {
  return <Icon {...props} d="M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0zM9 10a3 3 0 1 0 6 0a3 3 0 1 0 -6 0z" />
}

export function ClockIcon(props: IconProps) {
  return <Icon {...props} d="M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0zM12 6v6l4 2" />
}

export function MenuIcon(props: IconProps) {
  return <Icon {...props} d="M3 6h18M3 12h18M3 18h18" />
}

export function CloseIcon(props: IconProps) {
  return <Icon {...props} d="M18 6 6 18M6 6l12 12" />
}

export function PlayIcon(props: IconProps) {
  return <Icon {...props} d="M7 4l13 8-13 8z" filled />
}

export function PauseIcon(props: IconProps) {
  return <Icon {...props} d="M7 4h3v16H7zM14 4h3v16h-3z" filled />
}

/** The Merkliste's heart (Feather „heart“); `filled` once the car is saved. */
export function HeartIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Icon
      {...props}
      filled={filled}
      d="M20.84 4.61a5.5 5.5 0 0 0-7.78 0L12 5.67l-1.06-1.06a5.5 5.5 0 0 0-7.78 7.78l1.06 1.06L12 21.23l7.78-7.78 1.06-1.06a5.5 5.5 0 0 0 0-7.78z"
    />
  )
}

/** The sell form's photo button (Feather „camera“). */
export function CameraIcon(props: IconProps) {
  return <Icon {...props} d="M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2zM8 13a4 4 0 1 0 8 0a4 4 0 1 0 -8 0z" />
}

export function CheckIcon(props: IconProps) {
  return <Icon {...props} d="M20 6 9 17l-5-5" />
}

export function ArrowRightIcon(props: IconProps) {
  return <Icon {...props} d="M5 12h14M13 6l6 6-6 6" />
}

export function CalendarIcon(props: IconProps) {
  return <Icon {...props} d="M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2zM16 2v4M8 2v4M3 10h18" />
}

export function GaugeIcon(props: IconProps) {
  return <Icon {...props} d="M3.5 18a10 10 0 1 1 17 0M12 14l4-5M10.5 14a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0z" />
}

export function FuelIcon(props: IconProps) {
  return <Icon {...props} d="M4 22V4a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v18M2 22h14M4 10h10M14 13h2a2 2 0 0 1 2 2v2a1.5 1.5 0 0 0 3 0V9l-3-3" />
}

export function GearboxIcon(props: IconProps) {
  return (
    <Icon
      {...props}
      d="M3 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0zM10 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0zM17 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0zM3 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0zM10 19a2 2 0 1 0 4 0a2 2 0 1 0 -4 0zM5 7v10M12 7v10M19 7v3a2 2 0 0 1-2 2H5"
    />
  )
}

export function CarIcon(props: IconProps) {
  return <Icon {...props} d="M5 17H3v-5l2-5h14l2 5v5h-2M3 12h18M9 17h6M5 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0zM15 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0z" />
}

export function EuroIcon(props: IconProps) {
  return <Icon {...props} d="M18 6.5A7 7 0 1 0 18 17.5M4 10h9M4 14h9" />
}

export function KeyIcon(props: IconProps) {
  return <Icon {...props} d="M3 15.5a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0 -9 0zM10.7 12.3l9.8-9.8M17 6l3 3M14.5 8.5l2 2" />
}

export function PercentIcon(props: IconProps) {
  return <Icon {...props} d="M19 5 5 19M4 6.5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0zM15 17.5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0z" />
}

export function SwapIcon(props: IconProps) {
  return <Icon {...props} d="M17 2l4 4-4 4M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4M21 13v2a3 3 0 0 1-3 3H3" />
}

export function GlobeIcon(props: IconProps) {
  return (
    <Icon
      {...props}
      d="M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0zM2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z"
    />
  )
}

export function ClipboardCheckIcon(props: IconProps) {
  return (
    <Icon
      {...props}
      d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2M9 2h6a1 1 0 0 1 1 1v2a1 1 0 0 1 -1 1h-6a1 1 0 0 1 -1 -1v-2a1 1 0 0 1 1 -1zM9 14l2 2 4-4"
    />
  )
}

export function SearchIcon(props: IconProps) {
  return <Icon {...props} d="M3 11a8 8 0 1 0 16 0a8 8 0 1 0 -16 0zM21 21l-4.3-4.3" />
}

export function FileTextIcon(props: IconProps) {
  return <Icon {...props} d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M16 13H8M16 17H8M10 9H8" />
}

export function TruckIcon(props: IconProps) {
  return <Icon {...props} d="M1 4h14v12H1zM15 9h4l3 3v4h-7zM3 18.5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0zM16 18.5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0z" />
}

export function AlertIcon(props: IconProps) {
  return <Icon {...props} d="M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0zM12 8v4M12 16h.01" />
}

/** Keys of the `serviceCard.icon` list in the content model. */
export function BusIcon(props: IconProps) {
  return (
    <Icon
      {...props}
      d="M6 3h12a2 2 0 0 1 2 2v11a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-11a2 2 0 0 1 2 -2zM4 11h16M8 18v3M16 18v3M7.5 14.5a0.5 0.5 0 1 0 1 0a0.5 0.5 0 1 0 -1 0zM15.5 14.5a0.5 0.5 0 1 0 1 0a0.5 0.5 0 1 0 -1 0z"
    />
  )
}

export function ParkingIcon(props: IconProps) {
  return <Icon {...props} d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2zM9 17V7h4a3 3 0 0 1 0 6H9" />
}

export type ServiceIconName = 'ankauf' | 'verkauf' | 'finanzierung' | 'inzahlungnahme' | 'export' | 'pruefung' | 'bewertung' | 'zulassung' | 'lieferung'

const SERVICE_ICONS: Record<ServiceIconName, (props: IconProps) => ReactNode> = {
  ankauf: EuroIcon,
  verkauf: KeyIcon,
  finanzierung: PercentIcon,
  inzahlungnahme: SwapIcon,
  export: GlobeIcon,
  pruefung: ClipboardCheckIcon,
  bewertung: SearchIcon,
  zulassung: FileTextIcon,
  lieferung: TruckIcon,
}

function isServiceIconName(name: string): name is ServiceIconName {
  return name in SERVICE_ICONS
}

/** The icon of a service card; a car for a key the site does not know (yet). */
export function ServiceIcon({ name, ...props }: Omit<IconProps, 'name'> & { name?: string | null }) {
  const Glyph = name && isServiceIconName(name) ? SERVICE_ICONS[name] : CarIcon
  return <Glyph {...props} />
}

#!/usr/bin/env node
/**
 * Renders the illustrations of the seed dataset (content/production.ndjson) into content/images/.
 *
 * Nothing is downloaded: every picture is an SVG drawn here and encoded with sharp. The dataset
 * decides what is drawn. Each `_sanityAsset` names its file; vehicle pictures take body type and
 * colour from their vehicle document and the scene from their German alt text ("im Showroom",
 * "in der Abenddämmerung", "Cockpit" …), so picture and alt text cannot drift apart.
 *
 * Usage: node scripts/generate-seed-images.mjs [--check]
 *   --check  render nothing; exit 1 if a referenced image is missing or too large.
 *
 * Also writes public/images/placeholder-vehicle.jpg, the site's default vehicle picture (spec §3).
 */
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DATASET = path.join(root, 'content/production.ndjson')
const IMAGES_DIR = path.join(root, 'content/images')
const PUBLIC_PLACEHOLDER = path.join(root, 'public/images/placeholder-vehicle.jpg')
const PLACEHOLDER = 'placeholder-vehicle.jpg'

const MAX_BYTES = 120 * 1024
const MAX_TOTAL_BYTES = 4 * 1024 * 1024
const QUALITIES = [78, 72, 66, 60]
const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif"

// ---------------------------------------------------------------------------------------------
// Small helpers

/** Deterministic PRNG (mulberry32), so every run draws the same pictures. */
function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function hashString(text) {
  let hash = 2166136261
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0), 16777619)
  return hash >>> 0
}

function rgb(hex) {
  const value = Number.parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function hex([r, g, b]) {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`
}

/** Linear mix of two colours, t = 0 → a, t = 1 → b. */
function mix(a, b, t) {
  const [ar, ag, ab] = rgb(a)
  const [br, bg, bb] = rgb(b)
  return hex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t])
}
const lighten = (color, t) => mix(color, '#ffffff', t)
const darken = (color, t) => mix(color, '#000000', t)
const luminance = (color) => {
  const [r, g, b] = rgb(color)
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
}

const escapeXml = (text) =>
  String(text).replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char])

const fmt = (n) => (Math.round(n * 10) / 10).toString()
const pts = (points) => points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ')

/**
 * A smooth closed-or-open path through points (Catmull–Rom converted to cubic Béziers).
 * A point with a third element 's' is a sharp corner.
 */
function smoothPath(points, { tension = 1, move = true } = {}) {
  let d = move ? `M${fmt(points[0][0])},${fmt(points[0][1])}` : `L${fmt(points[0][0])},${fmt(points[0][1])}`
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i]
    const p1 = points[i]
    const p2 = points[i + 1]
    const p3 = points[i + 2] ?? p2
    const k1 = p1[2] === 's' ? 0 : tension / 6
    const k2 = p2[2] === 's' ? 0 : tension / 6
    const c1 = [p1[0] + (p2[0] - p0[0]) * k1, p1[1] + (p2[1] - p0[1]) * k1]
    const c2 = [p2[0] - (p3[0] - p1[0]) * k2, p2[1] - (p3[1] - p1[1]) * k2]
    d += ` C${fmt(c1[0])},${fmt(c1[1])} ${fmt(c2[0])},${fmt(c2[1])} ${fmt(p2[0])},${fmt(p2[1])}`
  }
  return d
}

function svgDocument(width, height, body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`
}

const linear = (id, stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = {}) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join('')}</linearGradient>`

const radial = (id, stops, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy } = {}) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${fx === undefined ? '' : ` fx="${fx}" fy="${fy}"`}>${stops
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join('')}</radialGradient>`

const blur = (id, deviation) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`

// ---------------------------------------------------------------------------------------------
// Cars: side views in a local 1000 × 380 box, front to the right, ground at y = 360.

const GROUND = 360

/** Silhouettes: upper outline (rear bottom → front bottom), wheels, glass, pillars and lights. */
const BODIES = {
  sedan: {
    top: [[62, 330, 's'], [52, 300], [56, 262], [76, 240], [200, 228], [252, 218], [330, 158], [400, 136], [540, 132], [612, 144], [700, 212], [800, 226], [882, 236], [932, 250], [953, 280], [950, 318], [938, 330, 's']],
    bottomY: 330, wheels: [225, 772], r: 60, arch: 72,
    glass: [[274, 216], [340, 164], [405, 146], [535, 143], [602, 154], [678, 214]],
    pillars: [[466, 12]], doors: [292, 466, 690], handles: [306, 482], belt: 218,
    head: [[868, 242], [930, 252], [942, 268], [898, 266]], tail: [[56, 262], [104, 250], [100, 270], [56, 278]],
    mirror: [688, 212],
  },
  estate: {
    top: [[62, 330, 's'], [50, 298], [52, 250], [62, 190], [80, 152], [112, 138], [540, 132], [612, 144], [700, 212], [800, 226], [882, 236], [932, 250], [953, 280], [950, 318], [938, 330, 's']],
    bottomY: 330, wheels: [225, 772], r: 60, arch: 72,
    glass: [[96, 214], [100, 168], [122, 150], [535, 143], [602, 154], [678, 214]],
    pillars: [[262, 22], [466, 12]], doors: [292, 466, 690], handles: [306, 482], belt: 218,
    head: [[868, 242], [930, 252], [942, 268], [898, 266]], tail: [[52, 224], [72, 220], [72, 268], [52, 274]],
    mirror: [688, 212], rails: [130, 520, 128],
  },
  suv: {
    top: [[62, 306, 's'], [50, 280], [48, 230], [54, 160], [66, 110], [96, 88], [150, 82], [560, 80], [626, 92], [716, 176], [830, 188], [900, 196], [944, 214], [960, 250], [958, 296], [946, 306, 's']],
    bottomY: 306, wheels: [240, 772], r: 74, arch: 86,
    glass: [[90, 176], [92, 112], [112, 98], [150, 94], [555, 92], [618, 104], [696, 176]],
    pillars: [[252, 24], [470, 14]], doors: [300, 470, 690], handles: [316, 486], belt: 178,
    head: [[880, 198], [946, 214], [954, 232], [900, 226]], tail: [[48, 178], [70, 174], [70, 226], [48, 230]],
    mirror: [692, 176], rails: [140, 540, 78], cladding: 26, archTrim: true,
  },
  hatch: {
    top: [[200, 332, 's'], [188, 300], [188, 252], [198, 200], [220, 160], [262, 136], [330, 126], [450, 126], [520, 140], [610, 206], [700, 224], [760, 234], [800, 250], [818, 282], [816, 320], [806, 332, 's']],
    bottomY: 332, wheels: [300, 706], r: 56, arch: 68,
    glass: [[218, 214], [226, 170], [262, 148], [330, 138], [446, 138], [510, 150], [588, 214]],
    pillars: [[404, 12]], doors: [366, 404, 600], handles: [376, 416], belt: 216,
    head: [[746, 238], [800, 252], [810, 268], [762, 264]], tail: [[188, 232], [206, 228], [206, 268], [188, 272]],
    mirror: [596, 212],
  },
  coupe: {
    top: [[62, 330, 's'], [52, 298], [58, 262], [82, 246], [210, 238], [260, 228], [340, 192], [430, 164], [520, 156], [600, 164], [705, 220], [800, 230], [882, 240], [934, 254], [954, 282], [950, 318], [938, 330, 's']],
    bottomY: 330, wheels: [230, 770], r: 60, arch: 72,
    glass: [[292, 226], [350, 194], [432, 174], [518, 168], [590, 174], [676, 222]],
    pillars: [[410, 10]], doors: [420, 690], handles: [436], belt: 226,
    head: [[868, 246], [932, 256], [944, 272], [898, 270]], tail: [[56, 266], [108, 256], [104, 274], [56, 282]],
    mirror: [690, 218],
  },
  cabrio: {
    top: [[62, 330, 's'], [52, 298], [58, 262], [80, 244], [300, 238], [600, 232], [700, 222], [800, 228], [882, 238], [934, 252], [954, 282], [950, 318], [938, 330, 's']],
    bottomY: 330, wheels: [230, 770], r: 60, arch: 72,
    glass: null, pillars: [], doors: [420, 690], handles: [436], belt: 232,
    head: [[868, 244], [932, 254], [944, 270], [898, 268]], tail: [[56, 264], [108, 254], [104, 272], [56, 280]],
    mirror: [668, 222], open: true,
  },
  van: {
    top: [[58, 326, 's'], [46, 300], [44, 240], [48, 120], [58, 72], [90, 58], [640, 58], [700, 70], [800, 180], [880, 198], [934, 216], [956, 254], [954, 314], [944, 326, 's']],
    bottomY: 326, wheels: [200, 800], r: 62, arch: 76,
    glass: [[82, 184], [84, 88], [102, 74], [636, 72], [690, 84], [776, 184]],
    pillars: [[300, 18], [560, 16]], doors: [300, 560, 770], handles: [316, 576], belt: 186,
    head: [[880, 200], [940, 220], [950, 236], [896, 230]], tail: [[46, 196], [64, 192], [64, 260], [46, 264]],
    mirror: [784, 182], rails: [110, 600, 54],
  },
  transporter: {
    top: [[52, 330, 's'], [40, 300], [40, 72], [48, 50], [70, 42], [660, 42], [702, 52], [782, 178], [900, 200], [942, 218], [958, 256], [956, 316], [944, 330, 's']],
    bottomY: 330, wheels: [205, 800], r: 62, arch: 76,
    glass: [[662, 192], [664, 74], [698, 64], [772, 190]],
    pillars: [], doors: [420, 650, 790], handles: [610, 664], belt: 196,
    head: [[900, 206], [948, 224], [954, 242], [910, 236]], tail: [[40, 232], [56, 232], [56, 292], [40, 292]],
    mirror: [778, 190], slidingDoorRail: true,
  },
}

/** Smart fortwo and similar: the hatchback compressed around its middle. */
BODIES.micro = (() => {
  const base = BODIES.hatch
  const squeeze = ([x, y, ...rest]) => [500 + (x - 500) * 0.74, y, ...rest]
  return {
    ...base,
    top: base.top.map(squeeze),
    glass: base.glass.map(squeeze),
    wheels: base.wheels.map((x) => squeeze([x, 0])[0] + (x < 500 ? -8 : 8)),
    pillars: [],
    doors: [squeeze([404, 0])[0], squeeze([600, 0])[0]],
    handles: [squeeze([416, 0])[0]],
    head: base.head.map(squeeze),
    tail: base.tail.map(squeeze),
    mirror: squeeze(base.mirror),
  }
})()

const BODY_OF_TYPE = {
  Limousine: 'sedan',
  Kombi: 'estate',
  SUV: 'suv',
  Kleinwagen: 'hatch',
  'Coupé': 'coupe',
  Cabrio: 'cabrio',
  Van: 'van',
  Transporter: 'transporter',
}

function bodyPath(body) {
  const { top, bottomY, wheels, r, arch } = body
  const [rear, front] = wheels
  const cy = GROUND - r
  const dy = bottomY - cy
  const dx = Math.sqrt(arch * arch - dy * dy)
  const large = dy > 0 ? 1 : 0
  let d = smoothPath(top, { tension: 0.9 })
  d += ` L${fmt(front + dx)},${bottomY} A${arch},${arch} 0 ${large} 0 ${fmt(front - dx)},${bottomY}`
  d += ` L${fmt(rear + dx)},${bottomY} A${arch},${arch} 0 ${large} 0 ${fmt(rear - dx)},${bottomY} Z`
  return d
}

function wheel(id, x, r, { spin = 0 } = {}) {
  const cy = GROUND - r
  const rim = r * 0.64
  const openings = Array.from({ length: 5 }, (_, i) => {
    const angle = spin + i * 72
    return `<ellipse cx="0" cy="${fmt(-rim * 0.55)}" rx="${fmt(rim * 0.2)}" ry="${fmt(rim * 0.34)}" fill="#1d2126" transform="rotate(${angle})"/>`
  }).join('')
  return `<g transform="translate(${fmt(x)},${fmt(cy)})">
<circle r="${r}" fill="#141619"/>
<circle r="${fmt(r - 5)}" fill="none" stroke="#24272b" stroke-width="6"/>
<circle r="${fmt(rim)}" fill="url(#${id}-rim)"/>
${openings}
<circle r="${fmt(rim * 0.24)}" fill="url(#${id}-hub)" stroke="#5b6168" stroke-width="2"/>
<circle r="${fmt(rim)}" fill="none" stroke="#7d848c" stroke-width="2.5"/>
</g>`
}

/**
 * One car as an SVG group in local coordinates. `lights` switches on head- and taillights
 * (dusk scenes); `mirror` turns it to face left.
 */
function car(id, { type, color, mirror = false, lights = false, flat = false }) {
  const body = BODIES[type]
  if (!body) throw new Error(`Unknown body type ${type}`)
  const outline = bodyPath(body)
  const light = luminance(color) > 0.72
  const paintTop = lighten(color, light ? 0.2 : 0.32)
  const paintBottom = darken(color, light ? 0.28 : 0.5)
  const stroke = darken(color, light ? 0.42 : 0.55)
  const [rear, front] = body.wheels
  const defs = [
    linear(`${id}-paint`, [[0, paintTop], [0.38, lighten(color, 0.08)], [0.58, color], [1, paintBottom]]),
    linear(`${id}-glass`, [[0, '#3b4a5c'], [0.45, '#18202a'], [1, '#0b0f14']], { x1: 0, y1: 0, x2: 0.3, y2: 1 }),
    radial(`${id}-rim`, [[0, '#eef1f4'], [0.6, '#b7bdc4'], [1, '#6d747c']], { cx: 0.45, cy: 0.4, r: 0.6 }),
    radial(`${id}-hub`, [[0, '#d9dde2'], [1, '#80868e']]),
    linear(`${id}-beam`, [[0, '#fff6d8', 0.55], [1, '#fff6d8', 0]], { x1: 0, y1: 0, x2: 1, y2: 0 }),
    `<clipPath id="${id}-clip"><path d="${outline}"/></clipPath>`,
    blur(`${id}-soft`, 10),
    blur(`${id}-glow`, 6),
  ].join('')

  if (flat) {
    // The placeholder: a plain silhouette without details.
    return {
      defs,
      svg: `<g${mirror ? ' transform="translate(1000,0) scale(-1,1)"' : ''}>
<ellipse cx="500" cy="${GROUND + 4}" rx="470" ry="16" fill="#000" opacity="0.12" filter="url(#${id}-soft)"/>
${[rear, front].map((x) => `<circle cx="${x}" cy="${GROUND - body.r}" r="${body.arch - 4}" fill="${darken(color, 0.35)}"/>`).join('')}
<path d="${outline}" fill="${color}"/>
${body.glass ? `<polygon points="${pts(body.glass)}" fill="${lighten(color, 0.35)}"/>` : ''}
${[rear, front].map((x) => `<circle cx="${x}" cy="${GROUND - body.r}" r="${body.r}" fill="${darken(color, 0.25)}"/><circle cx="${x}" cy="${GROUND - body.r}" r="${fmt(body.r * 0.5)}" fill="${lighten(color, 0.3)}"/>`).join('')}
</g>`,
    }
  }

  const cy = GROUND - body.r
  const doorLines = body.doors
    .map((x) => `<path d="M${x},${body.belt + 2} C${x - 2},${body.belt + 50} ${x - 4},${body.bottomY - 40} ${x - 6},${body.bottomY - 4}" stroke="${stroke}" stroke-width="2.2" fill="none" opacity="0.7"/>`)
    .join('')
  const handles = body.handles
    .map((x) => `<rect x="${x}" y="${body.belt + 20}" width="36" height="8" rx="4" fill="${darken(color, 0.35)}" opacity="0.9"/><rect x="${x + 2}" y="${body.belt + 20}" width="32" height="3" rx="1.5" fill="#fff" opacity="0.25"/>`)
    .join('')
  const pillars = body.pillars
    .map(([x, w]) => `<rect x="${x - w / 2}" y="${body.glass ? Math.min(...body.glass.map(([, y]) => y)) - 4 : 0}" width="${w}" height="${GROUND}" fill="#0e1115"/>`)
    .join('')
  const glass = body.glass
    ? `<g>
<clipPath id="${id}-glass-clip"><polygon points="${pts(body.glass)}"/></clipPath>
<polygon points="${pts(body.glass)}" fill="url(#${id}-glass)" stroke="#0a0d11" stroke-width="4" stroke-linejoin="round"/>
<g clip-path="url(#${id}-glass-clip)">${pillars}
<polygon points="${body.glass[0][0] + 60},${body.belt} ${body.glass[0][0] + 170},60 ${body.glass[0][0] + 230},60 ${body.glass[0][0] + 120},${body.belt}" fill="#fff" opacity="0.09"/>
<polygon points="${body.glass[0][0] + 300},${body.belt} ${body.glass[0][0] + 410},60 ${body.glass[0][0] + 440},60 ${body.glass[0][0] + 330},${body.belt}" fill="#fff" opacity="0.06"/>
</g></g>`
    : ''
  const open = body.open
    ? `<path d="M600,233 L652,166 L668,168 L624,233 Z" fill="#1a222c" stroke="#0a0d11" stroke-width="4" stroke-linejoin="round"/>
<rect x="396" y="190" width="40" height="46" rx="12" fill="#1b1d21"/><rect x="492" y="192" width="40" height="44" rx="12" fill="#1b1d21"/>
<path d="M160,238 C190,220 290,218 330,236 Z" fill="#15171a"/>`
    : ''
  const rails = body.rails ? `<rect x="${body.rails[0]}" y="${body.rails[2] - 2}" width="${body.rails[1] - body.rails[0]}" height="7" rx="3" fill="#23272c"/>` : ''
  const cladding = body.cladding
    ? `<rect x="0" y="${body.bottomY - body.cladding}" width="1000" height="${body.cladding + 10}" fill="#1f2226" opacity="0.85"/>`
    : `<rect x="0" y="${body.bottomY - 16}" width="1000" height="30" fill="#000" opacity="0.16"/>`
  const sliding = body.slidingDoorRail
    ? `<path d="M410,${body.belt + 4} L640,${body.belt + 4}" stroke="${stroke}" stroke-width="3" opacity="0.55"/>`
    : ''
  const archTrim = body.archTrim
    ? body.wheels
        .map((x) => {
          const trimR = body.arch + 4
          const dy = body.bottomY - cy
          const dx = Math.sqrt(trimR * trimR - dy * dy)
          return `<path d="M${fmt(x + dx)},${body.bottomY} A${trimR},${trimR} 0 1 0 ${fmt(x - dx)},${body.bottomY}" fill="none" stroke="#1f2226" stroke-width="12"/>`
        })
        .join('')
    : ''
  const headColor = lights ? '#fffbe8' : '#e9eef2'
  const tailColor = lights ? '#ff3b30' : '#b3121b'
  const [mx, my] = body.mirror
  const beams = lights
    ? `<polygon points="${body.head[1][0]},${body.head[1][1]} 1400,${body.head[1][1] - 40} 1400,${GROUND + 10} ${body.head[2][0]},${body.head[2][1]}" fill="url(#${id}-beam)" opacity="0.7"/>
<ellipse cx="${body.head[1][0] - 8}" cy="${body.head[1][1] + 6}" rx="26" ry="12" fill="#fff8dc" opacity="0.9" filter="url(#${id}-glow)"/>
<ellipse cx="${body.tail[0][0] + 20}" cy="${body.tail[0][1] + 10}" rx="22" ry="12" fill="#ff2a1f" opacity="0.75" filter="url(#${id}-glow)"/>`
    : ''

  const svg = `<g${mirror ? ' transform="translate(1000,0) scale(-1,1)"' : ''}>
<ellipse cx="${(rear + front) / 2}" cy="${GROUND + 2}" rx="${(front - rear) / 2 + 200}" ry="20" fill="#000" opacity="0.55" filter="url(#${id}-soft)"/>
<circle cx="${rear}" cy="${cy}" r="${body.arch + 1}" fill="#08090a"/><circle cx="${front}" cy="${cy}" r="${body.arch + 1}" fill="#08090a"/>
${rails}
<path d="${outline}" fill="url(#${id}-paint)" stroke="${stroke}" stroke-width="2.5" stroke-linejoin="round"/>
<g clip-path="url(#${id}-clip)">
${cladding}
<path d="M0,${body.belt + 34} L1000,${body.belt + 40}" stroke="#fff" stroke-width="3" opacity="${light ? 0.5 : 0.2}"/>
<path d="M0,${body.belt + 37} L1000,${body.belt + 43}" stroke="${stroke}" stroke-width="2" opacity="0.35"/>
${doorLines}${sliding}
</g>
${archTrim}${glass}${open}${handles}
<polygon points="${pts(body.head)}" fill="${headColor}" stroke="${darken(color, 0.6)}" stroke-width="2"/>
<polygon points="${pts(body.tail)}" fill="${tailColor}" stroke="${darken(color, 0.6)}" stroke-width="2"/>
<path d="M${mx - 10},${my + 2} L${mx + 8},${my - 16} L${mx + 30},${my - 12} L${mx + 22},${my + 6} Z" fill="${darken(color, 0.2)}" stroke="${stroke}" stroke-width="2"/>
${wheel(id, rear, body.r, { spin: 10 })}${wheel(id, front, body.r, { spin: 40 })}
${beams}
</g>`
  return { defs, svg }
}

/** Places a car (local box 1000 wide) with its ground line at groundY and the given width. */
function placeCar(carSvg, { x, groundY, width }) {
  const scale = width / 1000
  return `<g transform="translate(${fmt(x)},${fmt(groundY - GROUND * scale)}) scale(${fmt(scale * 1000) / 1000})">${carSvg}</g>`
}

// ---------------------------------------------------------------------------------------------
// Backgrounds (1200 × 800 unless noted). Each returns {defs, back, front?, groundY}.

function skyline(rng, { width, baseY, color, scale = 1, industrial = true }) {
  let shapes = ''
  let x = -20
  while (x < width + 20) {
    const w = (40 + rng() * 90) * scale
    const h = (40 + rng() * 140) * scale
    shapes += `<rect x="${fmt(x)}" y="${fmt(baseY - h)}" width="${fmt(w)}" height="${fmt(h + 2)}" fill="${color}"/>`
    x += w + rng() * 8 * scale
  }
  if (industrial) {
    // A winding tower (Förderturm) and chimneys: the Ruhr area's landmarks.
    const tx = width * 0.68
    const s = 1.4 * scale
    shapes += `<g fill="${color}" stroke="${color}">
<polygon points="${tx - 70 * s},${baseY} ${tx - 22 * s},${baseY - 230 * s} ${tx - 10 * s},${baseY - 230 * s} ${tx - 50 * s},${baseY}"/>
<polygon points="${tx + 70 * s},${baseY} ${tx + 22 * s},${baseY - 230 * s} ${tx + 10 * s},${baseY - 230 * s} ${tx + 50 * s},${baseY}"/>
<rect x="${tx - 30 * s}" y="${baseY - 250 * s}" width="${60 * s}" height="${24 * s}"/>
<circle cx="${tx - 14 * s}" cy="${baseY - 262 * s}" r="${16 * s}" fill="none" stroke-width="${5 * s}"/>
<circle cx="${tx + 14 * s}" cy="${baseY - 262 * s}" r="${16 * s}" fill="none" stroke-width="${5 * s}"/>
<rect x="${tx - 100 * s}" y="${baseY - 70 * s}" width="${200 * s}" height="${70 * s}"/>
<polygon points="${tx - 250 * s},${baseY} ${tx - 242 * s},${baseY - 260 * s} ${tx - 232 * s},${baseY - 260 * s} ${tx - 224 * s},${baseY}"/>
<polygon points="${tx + 260 * s},${baseY} ${tx + 266 * s},${baseY - 190 * s} ${tx + 274 * s},${baseY - 190 * s} ${tx + 280 * s},${baseY}"/>
<ellipse cx="${tx - 420 * s}" cy="${baseY - 60 * s}" rx="${70 * s}" ry="${60 * s}"/>
<rect x="${tx - 490 * s}" y="${baseY - 60 * s}" width="${140 * s}" height="${60 * s}"/>
</g>`
  }
  return shapes
}

function tree(x, baseY, size, color, trunk) {
  return `<rect x="${fmt(x - size * 0.06)}" y="${fmt(baseY - size * 0.5)}" width="${fmt(size * 0.12)}" height="${fmt(size * 0.5)}" fill="${trunk}"/>
<ellipse cx="${fmt(x)}" cy="${fmt(baseY - size * 0.8)}" rx="${fmt(size * 0.36)}" ry="${fmt(size * 0.46)}" fill="${color}"/>
<ellipse cx="${fmt(x - size * 0.16)}" cy="${fmt(baseY - size * 0.66)}" rx="${fmt(size * 0.26)}" ry="${fmt(size * 0.3)}" fill="${darken(color, 0.12)}"/>`
}

const SCENES = {
  showroom(W, H, seed) {
    const rng = random(seed)
    const groundY = H * 0.8
    const panels = Array.from({ length: 7 }, (_, i) => {
      const x = (W / 7) * i
      return `<rect x="${fmt(x + 8)}" y="${fmt(H * 0.08)}" width="${fmt(W / 7 - 16)}" height="${fmt(H * 0.48)}" fill="url(#sr-window)" opacity="${fmt(0.55 + rng() * 0.2)}"/>`
    }).join('')
    const spots = Array.from({ length: 4 }, (_, i) => {
      const x = W * (0.14 + i * 0.24)
      return `<polygon points="${fmt(x - 14)},0 ${fmt(x + 14)},0 ${fmt(x + 150)},${fmt(groundY)} ${fmt(x - 150)},${fmt(groundY)}" fill="url(#sr-cone)"/>
<ellipse cx="${fmt(x)}" cy="6" rx="36" ry="10" fill="#fff5dd" opacity="0.9" filter="url(#sr-blur)"/>`
    }).join('')
    return {
      groundY,
      defs: [
        linear('sr-wall', [[0, '#1d232b'], [1, '#0d1014']]),
        linear('sr-floor', [[0, '#3a4048'], [0.25, '#1f2328'], [1, '#0b0d10']]),
        linear('sr-window', [[0, '#1b2c48'], [0.6, '#3a4e6e'], [1, '#6d6a7a']]),
        linear('sr-cone', [[0, '#fff3d6', 0.22], [1, '#fff3d6', 0]]),
        radial('sr-pool', [[0, '#ffffff', 0.16], [1, '#ffffff', 0]]),
        blur('sr-blur', 8),
      ].join(''),
      back: `<rect width="${W}" height="${H}" fill="url(#sr-wall)"/>${panels}
<rect x="0" y="${fmt(H * 0.56)}" width="${W}" height="${fmt(groundY - H * 0.56)}" fill="#14181d"/>
<rect x="0" y="${fmt(groundY)}" width="${W}" height="${fmt(H - groundY)}" fill="url(#sr-floor)"/>
<ellipse cx="${W / 2}" cy="${fmt(groundY + 10)}" rx="${fmt(W * 0.45)}" ry="${fmt(H * 0.07)}" fill="url(#sr-pool)"/>${spots}`,
      reflection: true,
    }
  },
  studio(W, H) {
    const groundY = H * 0.78
    return {
      groundY,
      defs: [radial('st-bg', [[0, '#fbfbfc'], [0.7, '#e3e6ea'], [1, '#c9ced4']], { cx: 0.5, cy: 0.42, r: 0.75 }), linear('st-floor', [[0, '#dfe2e6'], [1, '#c3c8ce']])].join(''),
      back: `<rect width="${W}" height="${H}" fill="url(#st-bg)"/>
<path d="M0,${fmt(groundY - 40)} C${W * 0.3},${fmt(groundY - 8)} ${W * 0.7},${fmt(groundY - 8)} ${W},${fmt(groundY - 40)} L${W},${H} L0,${H} Z" fill="url(#st-floor)" opacity="0.7"/>`,
    }
  },
  lot(W, H, seed) {
    const rng = random(seed)
    const groundY = H * 0.8
    const horizon = H * 0.56
    const lines = Array.from({ length: 9 }, (_, i) => {
      const x = -200 + i * 200
      return `<polygon points="${x},${H} ${x + 10},${H} ${x + 150},${fmt(horizon + 30)} ${x + 146},${fmt(horizon + 30)}" fill="#f4f4f0" opacity="0.55"/>`
    }).join('')
    const flags = [0.12, 0.2, 0.86].map((f) => {
      const x = W * f
      return `<rect x="${fmt(x)}" y="${fmt(horizon - 190)}" width="4" height="190" fill="#9aa1a8"/><path d="M${fmt(x + 4)},${fmt(horizon - 188)} q30,-8 60,4 q-30,12 -60,40 z" fill="${['#c8102e', '#1f3b63', '#c8102e'][Math.floor(rng() * 3)]}"/>`
    }).join('')
    return {
      groundY,
      defs: [linear('lot-sky', [[0, '#7fb2de'], [1, '#d7e7f3']]), linear('lot-ground', [[0, '#6b7076'], [1, '#3e4246']]), linear('lot-glass', [[0, '#8fb4cf'], [1, '#3d556b']])].join(''),
      back: `<rect width="${W}" height="${H}" fill="url(#lot-sky)"/>
<ellipse cx="${W * 0.2}" cy="${H * 0.16}" rx="120" ry="26" fill="#fff" opacity="0.7"/><ellipse cx="${W * 0.28}" cy="${H * 0.14}" rx="80" ry="30" fill="#fff" opacity="0.7"/>
<rect x="${W * 0.3}" y="${fmt(horizon - 170)}" width="${W * 0.56}" height="170" fill="#e7e9ec"/>
<rect x="${W * 0.3}" y="${fmt(horizon - 170)}" width="${W * 0.56}" height="26" fill="#2a2f36"/>
<rect x="${W * 0.32}" y="${fmt(horizon - 130)}" width="${W * 0.52}" height="120" fill="url(#lot-glass)"/>
${Array.from({ length: 8 }, (_, i) => `<rect x="${fmt(W * 0.32 + (W * 0.52 / 8) * i)}" y="${fmt(horizon - 130)}" width="4" height="120" fill="#d5d9de"/>`).join('')}
<rect x="0" y="${fmt(horizon - 30)}" width="${W}" height="30" fill="#5c7d4a"/>
${Array.from({ length: 26 }, (_, i) => `<rect x="${i * 48}" y="${fmt(horizon - 44)}" width="3" height="44" fill="#7c848c"/>`).join('')}
<rect x="0" y="${fmt(horizon - 44)}" width="${W}" height="3" fill="#7c848c"/><rect x="0" y="${fmt(horizon - 24)}" width="${W}" height="2" fill="#7c848c"/>
${flags}
<rect x="0" y="${fmt(horizon)}" width="${W}" height="${fmt(H - horizon)}" fill="url(#lot-ground)"/>${lines}`,
    }
  },
  street(W, H, seed) {
    const rng = random(seed)
    const groundY = H * 0.82
    const horizon = H * 0.62
    let buildings = ''
    let x = -10
    while (x < W) {
      const w = 110 + rng() * 120
      const h = 200 + rng() * 220
      const shade = mix('#b9a78f', '#8d9aa6', rng())
      buildings += `<rect x="${fmt(x)}" y="${fmt(horizon - h)}" width="${fmt(w)}" height="${fmt(h)}" fill="${shade}"/>`
      for (let wy = horizon - h + 24; wy < horizon - 40; wy += 44) {
        for (let wx = x + 16; wx < x + w - 30; wx += 36) {
          buildings += `<rect x="${fmt(wx)}" y="${fmt(wy)}" width="20" height="26" fill="${rng() > 0.8 ? '#f3e7c4' : '#4e5d6b'}" opacity="0.85"/>`
        }
      }
      x += w + 4
    }
    return {
      groundY,
      defs: [linear('str-sky', [[0, '#9cc7ea'], [1, '#e4eef6']]), linear('str-road', [[0, '#5d6268'], [1, '#393c40']])].join(''),
      back: `<rect width="${W}" height="${H}" fill="url(#str-sky)"/>${buildings}
<rect x="0" y="${fmt(horizon)}" width="${W}" height="40" fill="#b8b4ac"/><rect x="0" y="${fmt(horizon + 40)}" width="${W}" height="6" fill="#8e8a83"/>
${[0.08, 0.5, 0.92].map((f) => tree(W * f, horizon + 10, 150, '#4f7a45', '#5a4634')).join('')}
${[0.29, 0.71].map((f) => `<rect x="${fmt(W * f)}" y="${fmt(horizon - 200)}" width="6" height="210" fill="#3f4448"/><rect x="${fmt(W * f - 24)}" y="${fmt(horizon - 204)}" width="34" height="8" rx="4" fill="#3f4448"/>`).join('')}
<rect x="0" y="${fmt(horizon + 46)}" width="${W}" height="${fmt(H - horizon - 46)}" fill="url(#str-road)"/>
${Array.from({ length: 7 }, (_, i) => `<rect x="${i * 200 - 20}" y="${fmt(H - 46)}" width="110" height="10" fill="#f2f2ee" opacity="0.75"/>`).join('')}`,
    }
  },
  dusk(W, H, seed) {
    const rng = random(seed)
    const groundY = H * 0.82
    const horizon = H * 0.6
    const stars = Array.from({ length: 40 }, () => `<circle cx="${fmt(rng() * W)}" cy="${fmt(rng() * H * 0.3)}" r="${fmt(0.6 + rng() * 1.2)}" fill="#fff" opacity="${fmt(0.3 + rng() * 0.5)}"/>`).join('')
    return {
      groundY,
      lights: true,
      defs: [
        linear('dk-sky', [[0, '#0c1330'], [0.45, '#3a2d5c'], [0.75, '#b4506a'], [1, '#f3a35b']]),
        radial('dk-sun', [[0, '#ffd79a', 0.95], [0.3, '#ffb870', 0.5], [1, '#ff9a5a', 0]]),
        linear('dk-road', [[0, '#2a2530'], [1, '#121016']]),
      ].join(''),
      back: `<rect width="${W}" height="${H}" fill="url(#dk-sky)"/>${stars}
<circle cx="${W * 0.3}" cy="${fmt(horizon)}" r="${fmt(H * 0.35)}" fill="url(#dk-sun)"/>
${skyline(rng, { width: W, baseY: horizon, color: '#1c1626', scale: H / 1080 })}
<rect x="0" y="${fmt(horizon)}" width="${W}" height="${fmt(H - horizon)}" fill="url(#dk-road)"/>
<rect x="0" y="${fmt(horizon)}" width="${W}" height="4" fill="#f3a35b" opacity="0.35"/>
${Array.from({ length: 7 }, (_, i) => `<rect x="${i * 200 - 20}" y="${fmt(H - 40)}" width="110" height="8" fill="#e8d8c0" opacity="0.55"/>`).join('')}`,
    }
  },
  green(W, H, seed) {
    const rng = random(seed)
    const groundY = H * 0.83
    const horizon = H * 0.58
    const trees = Array.from({ length: 9 }, (_, i) => tree(40 + i * (W / 8.5) + rng() * 40, horizon + 16 + rng() * 10, 90 + rng() * 70, mix('#3f6b3a', '#5f8d4a', rng()), '#4d3b2a')).join('')
    return {
      groundY,
      defs: [linear('gr-sky', [[0, '#6fa8dc'], [1, '#dcebf5']]), linear('gr-hill', [[0, '#7fae5c'], [1, '#4f7d3c']]), linear('gr-road', [[0, '#66696c'], [1, '#46484b']])].join(''),
      back: `<rect width="${W}" height="${H}" fill="url(#gr-sky)"/>
<ellipse cx="${W * 0.72}" cy="${H * 0.15}" rx="140" ry="30" fill="#fff" opacity="0.8"/><ellipse cx="${W * 0.8}" cy="${H * 0.13}" rx="90" ry="34" fill="#fff" opacity="0.8"/>
<path d="M0,${fmt(horizon - 40)} C${W * 0.2},${fmt(horizon - 110)} ${W * 0.45},${fmt(horizon - 20)} ${W * 0.65},${fmt(horizon - 70)} S${W},${fmt(horizon - 60)} ${W},${fmt(horizon - 60)} L${W},${H} L0,${H} Z" fill="#8dbb68" opacity="0.7"/>
<path d="M0,${fmt(horizon)} C${W * 0.3},${fmt(horizon - 50)} ${W * 0.6},${fmt(horizon + 10)} ${W},${fmt(horizon - 30)} L${W},${H} L0,${H} Z" fill="url(#gr-hill)"/>
${trees}
<rect x="0" y="${fmt(groundY - 70)}" width="${W}" height="${fmt(H - groundY + 70)}" fill="url(#gr-road)"/>
<rect x="0" y="${fmt(groundY - 74)}" width="${W}" height="5" fill="#e9e9e2" opacity="0.8"/>
${Array.from({ length: 7 }, (_, i) => `<rect x="${i * 200 - 20}" y="${fmt(H - 44)}" width="110" height="9" fill="#f2f2ee" opacity="0.8"/>`).join('')}`,
    }
  },
}

const SCENE_OF_ALT = [
  [/showroom/i, 'showroom'],
  [/hellem Hintergrund/i, 'studio'],
  [/Händlerhof/i, 'lot'],
  [/Stadtstraße/i, 'street'],
  [/Abenddämmerung/i, 'dusk'],
  [/im Grünen/i, 'green'],
]

// ---------------------------------------------------------------------------------------------
// Vehicle pictures

/** The paint colour for a German colour name ("Mineralgrau Metallic" → grey). */
const COLOURS = [
  [/navarrablau/i, '#1f3a66'],
  [/atlantikblau/i, '#234b7a'],
  [/céladon|celadon/i, '#7fa7b5'],
  [/blau/i, '#24508c'],
  [/indischrot|desire|passione|soul/i, '#b3161f'],
  [/rot/i, '#a8202a'],
  [/orange/i, '#d3651f'],
  [/bronze/i, '#7b5d43'],
  [/mineralgrau/i, '#5a6068'],
  [/daytona/i, '#4f5459'],
  [/magnetic|dunkelgrau|moonwalk/i, '#595e63'],
  [/grau/i, '#767c83'],
  [/lunarsilber|brillantsilber|silber/i, '#b9bfc6'],
  [/schwarz|carbon|obsidian/i, '#1b1e23'],
  [/weiß|white|crystal|candy|perl|mond/i, '#eef0f2'],
  [/grün/i, '#2f5d50'],
  [/beige|sand/i, '#c8b89a'],
]

function paintOf(colorName = '') {
  return COLOURS.find(([pattern]) => pattern.test(colorName))?.[1] ?? '#8a9098'
}

function bodyOf(vehicle) {
  if (/fortwo/i.test(vehicle.model ?? '')) return 'micro'
  return BODY_OF_TYPE[vehicle.bodyType] ?? 'sedan'
}

function vehicleScene({ vehicle, alt, index, width = 1200, height = 800 }) {
  const scene = SCENE_OF_ALT.find(([pattern]) => pattern.test(alt))?.[1]
  if (!scene) throw new Error(`No scene in the alt text of vehicle ${vehicle.id}: "${alt}"`)
  const seed = hashString(`${vehicle._id}-${index}`)
  const background = SCENES[scene](width, height, seed)
  const type = bodyOf(vehicle)
  const color = paintOf(vehicle.color)
  const mirror = index % 2 === 1
  const { defs, svg } = car('car', { type, color, mirror, lights: Boolean(background.lights) })
  const carWidth = type === 'micro' ? width * 0.72 : width * 0.86
  const x = (width - carWidth) / 2
  const placed = placeCar(svg, { x, groundY: background.groundY, width: carWidth })
  const reflection = background.reflection
    ? `<g opacity="0.16" transform="translate(0,${fmt(background.groundY * 2 + 4)}) scale(1,-1)" mask="url(#fade)">${placed}</g>`
    : ''
  const fade = `<linearGradient id="fade-g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.78" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="1"/></linearGradient><mask id="fade"><rect width="${width}" height="${height}" fill="url(#fade-g)"/></mask>`
  return svgDocument(width, height, `${background.back}${reflection}${placed}`, `${background.defs}${defs}${fade}`)
}

function cockpit({ width = 1200, height = 800, seed }) {
  const rng = random(seed)
  const W = width
  const H = height
  const ticks = (cx, cy, r) =>
    Array.from({ length: 11 }, (_, i) => {
      const a = ((-220 + i * 26) * Math.PI) / 180
      return `<line x1="${fmt(cx + Math.cos(a) * (r - 6))}" y1="${fmt(cy + Math.sin(a) * (r - 6))}" x2="${fmt(cx + Math.cos(a) * (r - 18))}" y2="${fmt(cy + Math.sin(a) * (r - 18))}" stroke="#cfd6de" stroke-width="3"/>`
    }).join('')
  const gauge = (cx, cy, r, needle) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#07090c" stroke="#3b4148" stroke-width="4"/>
<circle cx="${cx}" cy="${cy}" r="${r - 4}" fill="none" stroke="#4aa3ff" stroke-width="2" opacity="0.45"/>${ticks(cx, cy, r)}
<line x1="${cx}" y1="${cy}" x2="${fmt(cx + Math.cos((needle * Math.PI) / 180) * (r - 16))}" y2="${fmt(cy + Math.sin((needle * Math.PI) / 180) * (r - 16))}" stroke="#ff5a36" stroke-width="4" stroke-linecap="round"/>
<circle cx="${cx}" cy="${cy}" r="7" fill="#2b3036"/>`
  const route = `M${W * 0.56},${H * 0.69} C${W * 0.6},${H * 0.63} ${W * 0.63},${H * 0.66} ${W * 0.66},${H * 0.6} S${W * 0.7},${H * 0.57} ${W * 0.72},${H * 0.55}`
  const fields = Array.from({ length: 6 }, (_, i) => `<path d="M${fmt(rng() * W)},${fmt(H * 0.36 + i * 6)} l${fmt(200 + rng() * 200)},${fmt(4 + rng() * 10)}" stroke="#6f9a4f" stroke-width="3" opacity="0.5"/>`).join('')
  const defs = [
    linear('ck-sky', [[0, '#8fbfe6'], [1, '#e6eff6']]),
    linear('ck-dash', [[0, '#2c3036'], [0.4, '#17191c'], [1, '#0b0c0e']]),
    linear('ck-screen', [[0, '#1b2a3b'], [1, '#0e1620']]),
    linear('ck-wheel', [[0, '#2b2f35'], [1, '#0d0f11']]),
    radial('ck-glow', [[0, '#ffffff', 0.18], [1, '#ffffff', 0]]),
  ].join('')
  const body = `<rect width="${W}" height="${H}" fill="url(#ck-sky)"/>
<rect x="0" y="${H * 0.36}" width="${W}" height="${H * 0.3}" fill="#7ea35c"/>${fields}
<polygon points="${W * 0.47},${H * 0.36} ${W * 0.53},${H * 0.36} ${W * 0.95},${H * 0.7} ${W * 0.05},${H * 0.7}" fill="#6a6d70"/>
${Array.from({ length: 5 }, (_, i) => `<polygon points="${fmt(W * 0.498)},${fmt(H * (0.38 + i * 0.06))} ${fmt(W * 0.502)},${fmt(H * (0.38 + i * 0.06))} ${fmt(W * (0.503 + i * 0.002))},${fmt(H * (0.41 + i * 0.065))} ${fmt(W * (0.497 - i * 0.002))},${fmt(H * (0.41 + i * 0.065))}" fill="#f1f1ea"/>`).join('')}
<polygon points="0,0 ${W * 0.12},0 ${W * 0.02},${H * 0.6} 0,${H * 0.6}" fill="#101215"/>
<polygon points="${W},0 ${W * 0.88},0 ${W * 0.98},${H * 0.6} ${W},${H * 0.6}" fill="#101215"/>
<rect x="0" y="0" width="${W}" height="${H * 0.06}" fill="#121417"/>
<rect x="${W * 0.44}" y="${H * 0.06}" width="${W * 0.12}" height="${H * 0.05}" rx="12" fill="#1a1d21"/>
<path d="M0,${H * 0.56} C${W * 0.2},${H * 0.5} ${W * 0.8},${H * 0.5} ${W},${H * 0.56} L${W},${H} L0,${H} Z" fill="url(#ck-dash)"/>
<path d="M${W * 0.17},${H * 0.56} C${W * 0.2},${H * 0.5} ${W * 0.4},${H * 0.5} ${W * 0.43},${H * 0.56}" fill="#121418" stroke="#2f343a" stroke-width="3"/>
${gauge(W * 0.245, H * 0.64, 62, -60)}${gauge(W * 0.355, H * 0.64, 62, -150)}
<rect x="${W * 0.53}" y="${H * 0.53}" width="${W * 0.22}" height="${H * 0.18}" rx="14" fill="url(#ck-screen)" stroke="#3a4048" stroke-width="4"/>
<path d="M${W * 0.54},${H * 0.58} L${W * 0.74},${H * 0.62} M${W * 0.6},${H * 0.54} L${W * 0.63},${H * 0.7} M${W * 0.69},${H * 0.54} L${W * 0.67},${H * 0.7}" stroke="#2f4257" stroke-width="5"/>
<path d="${route}" stroke="#43a3ff" stroke-width="6" fill="none" stroke-linecap="round"/>
<circle cx="${W * 0.56}" cy="${H * 0.69}" r="8" fill="#fff"/>
${[W * 0.47, W * 0.8].map((x) => `<rect x="${x}" y="${H * 0.56}" width="${W * 0.07}" height="${H * 0.07}" rx="10" fill="#0c0d0f" stroke="#2f343a" stroke-width="3"/>${Array.from({ length: 3 }, (_, i) => `<rect x="${x + 6}" y="${H * 0.57 + 6 + i * 12}" width="${W * 0.07 - 12}" height="4" fill="#3a4047"/>`).join('')}`).join('')}
<path d="M${W * 0.5},${H} L${W * 0.55},${H * 0.78} L${W * 0.78},${H * 0.78} L${W * 0.84},${H} Z" fill="#141619" stroke="#262a2f" stroke-width="3"/>
<rect x="${W * 0.64}" y="${H * 0.84}" width="30" height="60" rx="12" fill="#2d3238"/>
<g transform="translate(${W * 0.3},${H * 0.86})">
<circle r="210" fill="none" stroke="url(#ck-wheel)" stroke-width="42"/>
<circle r="210" fill="none" stroke="#3a3f45" stroke-width="2" opacity="0.8"/>
<path d="M-190,10 L-60,20 L-50,60 L50,60 L60,20 L190,10 L186,40 L60,70 L40,150 L-40,150 L-60,70 L-186,40 Z" fill="#16181b" stroke="#2c3136" stroke-width="3"/>
<circle r="62" fill="#1d2024" stroke="#393e44" stroke-width="4"/>
<circle r="18" fill="#8d949c"/>
</g>
<ellipse cx="${W * 0.5}" cy="${H * 0.2}" rx="${W * 0.4}" ry="${H * 0.18}" fill="url(#ck-glow)"/>`
  return svgDocument(W, H, body, defs)
}

// ---------------------------------------------------------------------------------------------
// Hero visuals (1920 × 1080): darkish, so the white headline stays readable.

function heroShowroom() {
  const W = 1920
  const H = 1080
  const background = SCENES.showroom(W, H, 7)
  const cars = [
    { id: 'c1', type: 'suv', color: '#2a4f86', x: 20, groundY: background.groundY - 80, width: 760, back: true },
    { id: 'c2', type: 'coupe', color: '#b3222c', x: 1150, groundY: background.groundY - 74, width: 760, back: true },
    { id: 'c3', type: 'sedan', color: '#c3c9d0', x: 330, groundY: background.groundY + 110, width: 1260 },
  ]
  let defs = background.defs
  let layers = ''
  for (const spec of cars) {
    const { defs: carDefs, svg } = car(spec.id, { type: spec.type, color: spec.color, mirror: spec.id === 'c1' })
    defs += carDefs
    const placed = placeCar(svg, spec)
    layers += `<g opacity="0.14" transform="translate(0,${fmt(spec.groundY * 2 + 4)}) scale(1,-1)">${placed}</g>${placed}`
    // Cars further back sit in the dimmer part of the room.
    if (spec.back) layers += `<rect x="0" y="0" width="${W}" height="${fmt(spec.groundY + 40)}" fill="#05070a" opacity="0.2"/>`
  }
  defs += linear('shade', [[0, '#000', 0.55], [0.6, '#000', 0.3], [1, '#000', 0.5]], { x1: 0, y1: 0, x2: 1, y2: 0 })
  defs += radial('vignette', [[0.55, '#000', 0], [1, '#000', 0.6]], { r: 0.75 })
  return svgDocument(W, H, `${background.back}${layers}<rect width="${W}" height="${H}" fill="url(#shade)"/><rect width="${W}" height="${H}" fill="url(#vignette)"/>`, defs)
}

function heroRoad() {
  const W = 1920
  const H = 1080
  const rng = random(11)
  const horizon = H * 0.64
  const groundY = H * 0.93
  const stars = Array.from({ length: 90 }, () => `<circle cx="${fmt(rng() * W)}" cy="${fmt(rng() * H * 0.35)}" r="${fmt(0.7 + rng() * 1.4)}" fill="#fff" opacity="${fmt(0.25 + rng() * 0.5)}"/>`).join('')
  const posts = Array.from({ length: 16 }, (_, i) => `<rect x="${i * 130 + 20}" y="${fmt(horizon + 36)}" width="8" height="44" fill="#2c2630"/>`).join('')
  const { defs: carDefs, svg } = car('hero-car', { type: 'suv', color: '#8d96a1', lights: true })
  const placed = placeCar(svg, { x: W * 0.16, groundY, width: 1180 })
  const streaks = Array.from({ length: 5 }, (_, i) => `<rect x="${fmt(W * 0.02 + i * 40)}" y="${fmt(groundY - 150 + i * 28)}" width="${fmt(260 - i * 30)}" height="3" rx="1.5" fill="#f7c89a" opacity="${fmt(0.35 - i * 0.05)}"/>`).join('')
  const defs = [
    linear('sky', [[0, '#070b1f'], [0.4, '#2a2450'], [0.72, '#9c4566'], [0.92, '#ee9552'], [1, '#f7b868']]),
    radial('sun', [[0, '#ffe2a8', 1], [0.25, '#ffb877', 0.55], [1, '#ff8f5a', 0]]),
    linear('road', [[0, '#2b2630'], [1, '#0f0d12']]),
    linear('shade', [[0, '#000', 0.55], [0.5, '#000', 0.18], [1, '#000', 0.4]], { x1: 0, y1: 0, x2: 1, y2: 0 }),
    linear('bottom', [[0.55, '#000', 0], [1, '#000', 0.5]]),
    carDefs,
  ].join('')
  const body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>${stars}
<circle cx="${W * 0.7}" cy="${horizon}" r="${H * 0.42}" fill="url(#sun)"/>
${skyline(rng, { width: W, baseY: horizon, color: '#18121f', scale: 1.1 })}
<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#road)"/>
<rect x="0" y="${horizon}" width="${W}" height="5" fill="#f3a35b" opacity="0.35"/>
${posts}<rect x="0" y="${fmt(horizon + 40)}" width="${W}" height="10" fill="#3a3340"/><rect x="0" y="${fmt(horizon + 40)}" width="${W}" height="2" fill="#f3a35b" opacity="0.4"/>
${Array.from({ length: 10 }, (_, i) => `<rect x="${i * 220 - 40}" y="${fmt(H - 44)}" width="130" height="10" fill="#e8d8c0" opacity="0.5"/>`).join('')}
${streaks}${placed}
<rect width="${W}" height="${H}" fill="url(#shade)"/><rect width="${W}" height="${H}" fill="url(#bottom)"/>`
  return svgDocument(W, H, body, defs)
}

function heroFinancing() {
  const W = 1920
  const H = 1080
  const rng = random(23)
  const bokeh = Array.from({ length: 26 }, () => {
    const warm = rng() > 0.5
    return `<circle cx="${fmt(rng() * W)}" cy="${fmt(rng() * H * 0.6)}" r="${fmt(20 + rng() * 70)}" fill="${warm ? '#f2b560' : '#6aa6ff'}" opacity="${fmt(0.05 + rng() * 0.12)}" filter="url(#soft)"/>`
  }).join('')
  let chart = `M0,${H * 0.55}`
  for (let i = 1; i <= 12; i++) chart += ` L${fmt((W / 12) * i)},${fmt(H * 0.55 - i * 22 - rng() * 40)}`
  const lines = Array.from({ length: 9 }, (_, i) => `<rect x="60" y="${120 + i * 34}" width="${fmt(300 + rng() * 140)}" height="9" rx="4" fill="#b9b5ab"/>`).join('')
  const coins = (x, y, n) =>
    Array.from({ length: n }, (_, i) => `<ellipse cx="${x}" cy="${y - i * 14}" rx="62" ry="20" fill="${i % 2 ? '#c69a3c' : '#d8ad4c'}" stroke="#8a6a24" stroke-width="2"/>`).join('') +
    `<ellipse cx="${x}" cy="${y - (n - 1) * 14}" rx="44" ry="12" fill="none" stroke="#f1d48a" stroke-width="3" opacity="0.7"/>`
  const defs = [
    linear('bg', [[0, '#0b1426'], [0.6, '#16243c'], [1, '#1d2c45']]),
    linear('desk', [[0, '#3a2a1f'], [0.3, '#2a1e16'], [1, '#120d09']]),
    linear('paper', [[0, '#f3f0e8'], [1, '#d9d4c8']]),
    linear('pen', [[0, '#3c4048'], [0.5, '#9aa0a8'], [1, '#2a2d32']]),
    linear('fob', [[0, '#2a2d31'], [1, '#0c0d0f']]),
    linear('blade', [[0, '#e3e6ea'], [1, '#8b9198']]),
    linear('shade', [[0, '#000', 0.55], [0.55, '#000', 0.2], [1, '#000', 0.4]], { x1: 0, y1: 0, x2: 1, y2: 0 }),
    blur('soft', 14),
    blur('shadow', 12),
  ].join('')
  const body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>${bokeh}
<path d="${chart}" stroke="#4aa3ff" stroke-width="4" fill="none" opacity="0.22"/>
<path d="${chart} L${W},${H} L0,${H} Z" fill="#4aa3ff" opacity="0.05"/>
<g transform="translate(${W * 0.82},${H * 0.25})" fill="#f2b560" opacity="0.32">
<circle cx="-60" cy="-60" r="44" fill="none" stroke="#f2b560" stroke-width="22"/><circle cx="60" cy="60" r="44" fill="none" stroke="#f2b560" stroke-width="22"/>
<rect x="-14" y="-130" width="28" height="260" transform="rotate(35)"/></g>
<path d="M0,${H * 0.62} L${W},${H * 0.58} L${W},${H} L0,${H} Z" fill="url(#desk)"/>
<g transform="translate(${W * 0.34},${H * 0.6}) rotate(-8)">
<rect x="8" y="16" width="520" height="600" fill="#000" opacity="0.45" filter="url(#shadow)"/>
<rect width="520" height="600" fill="url(#paper)"/>
<rect x="60" y="60" width="220" height="20" rx="6" fill="#6d6a64"/>${lines}
<line x1="280" y1="520" x2="470" y2="520" stroke="#8d897f" stroke-width="3"/>
<path d="M290,505 c20,-40 30,10 50,-10 s20,-30 40,0 s30,10 60,-20" stroke="#1f4fbf" stroke-width="5" fill="none" stroke-linecap="round"/>
</g>
<g transform="translate(${W * 0.52},${H * 0.88}) rotate(-24)">
<rect x="0" y="0" width="420" height="22" rx="11" fill="url(#pen)"/><polygon points="420,2 470,11 420,20" fill="#c9ccd1"/><rect x="40" y="-8" width="90" height="8" rx="4" fill="#9aa0a8"/>
</g>
<g transform="translate(${W * 0.7},${H * 0.74}) rotate(18)">
<ellipse cx="10" cy="160" rx="110" ry="30" fill="#000" opacity="0.5" filter="url(#shadow)"/>
<circle cx="-70" cy="40" r="46" fill="none" stroke="#b7bdc4" stroke-width="9"/>
<rect x="-20" y="0" width="150" height="230" rx="60" fill="url(#fob)" stroke="#3a3e44" stroke-width="3"/>
<circle cx="55" cy="70" r="20" fill="#24282d" stroke="#4b5158" stroke-width="3"/><circle cx="55" cy="125" r="20" fill="#24282d" stroke="#4b5158" stroke-width="3"/><circle cx="55" cy="180" r="16" fill="#5a1e1e" stroke="#4b5158" stroke-width="3"/>
<path d="M25,230 L85,230 L85,420 L70,440 L55,420 L55,380 L40,370 L55,355 L40,340 L25,330 Z" fill="url(#blade)" stroke="#6c737b" stroke-width="2"/>
</g>
<g>${coins(W * 0.16, H * 0.9, 6)}${coins(W * 0.24, H * 0.94, 9)}${coins(W * 0.1, H * 0.97, 4)}</g>
<rect width="${W}" height="${H}" fill="url(#shade)"/>`
  return svgDocument(W, H, body, defs)
}

// ---------------------------------------------------------------------------------------------
// Share image and placeholder

function star(cx, cy, outer, inner, points = 8) {
  const vertices = Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner
    const a = (Math.PI * i) / points - Math.PI / 2
    return [cx + Math.cos(a) * r, cy + Math.sin(a) * r]
  })
  return `<polygon points="${pts(vertices)}"/>`
}

function shareImage(settings) {
  const W = 1200
  const H = 630
  const { defs: carDefs, svg } = car('share-car', { type: 'sedan', color: '#b9bfc6' })
  const placed = placeCar(svg, { x: 560, groundY: 560, width: 600 })
  const address = settings?.address ? `${settings.address.street} · ${settings.address.postalCode} ${settings.address.city}` : ''
  const name = (settings?.dealerName ?? 'Ruhrstern Automobile').toUpperCase()
  const [first, ...rest] = name.split(' ')
  const defs = [
    linear('bg', [[0, '#0d1117'], [1, '#1c232d']], { x1: 0, y1: 0, x2: 1, y2: 1 }),
    radial('glow', [[0, '#ffffff', 0.14], [1, '#ffffff', 0]]),
    carDefs,
  ].join('')
  const body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>
<ellipse cx="860" cy="470" rx="420" ry="160" fill="url(#glow)"/>
<rect x="0" y="0" width="14" height="${H}" fill="#c8102e"/>
<g fill="#c8102e">${star(130, 130, 48, 20)}</g>
<text x="200" y="118" font-family="${FONT}" font-size="54" font-weight="700" fill="#ffffff" letter-spacing="2">${escapeXml(first)}</text>
<text x="200" y="170" font-family="${FONT}" font-size="34" font-weight="400" fill="#c9ced6" letter-spacing="8">${escapeXml(rest.join(' '))}</text>
<text x="82" y="290" font-family="${FONT}" font-size="46" font-weight="700" fill="#ffffff">Autoankauf &amp; Verkauf</text>
<text x="82" y="346" font-family="${FONT}" font-size="46" font-weight="700" fill="#e2384f">in Essen</text>
<text x="82" y="412" font-family="${FONT}" font-size="26" fill="#c9ced6">Finanzierung · Inzahlungnahme · Export</text>
<text x="82" y="560" font-family="${FONT}" font-size="24" fill="#9aa3ad">${escapeXml(address)}</text>
<text x="82" y="596" font-family="${FONT}" font-size="24" font-weight="700" fill="#ffffff">${escapeXml(settings?.phone ?? '')}</text>
${placed}`
  return svgDocument(W, H, body, defs)
}

function placeholder() {
  const W = 1200
  const H = 800
  const { defs: carDefs, svg } = car('ph', { type: 'sedan', color: '#aeb4bb', flat: true })
  const placed = placeCar(svg, { x: 170, groundY: 600, width: 860 })
  const defs = radial('ph-bg', [[0, '#f1f3f5'], [1, '#d5d9de']], { r: 0.8 }) + carDefs
  const camera = `<g transform="translate(600,215)" fill="none" stroke="#9aa1a9" stroke-width="10" stroke-linejoin="round">
<path d="M-70,-30 L-40,-30 L-28,-52 L28,-52 L40,-30 L70,-30 Q82,-30 82,-18 L82,48 Q82,60 70,60 L-70,60 Q-82,60 -82,48 L-82,-18 Q-82,-30 -70,-30 Z"/>
<circle cx="0" cy="14" r="28"/></g>`
  return svgDocument(W, H, `<rect width="${W}" height="${H}" fill="url(#ph-bg)"/>${camera}${placed}`, defs)
}

// ---------------------------------------------------------------------------------------------
// Dataset → jobs

/** Every `{_sanityAsset, alt}` object in a document, with the document it belongs to. */
function* assetsOf(doc) {
  const stack = [doc]
  while (stack.length > 0) {
    const value = stack.pop()
    if (Array.isArray(value)) stack.push(...value)
    else if (value && typeof value === 'object') {
      if (typeof value._sanityAsset === 'string') yield value
      stack.push(...Object.values(value))
    }
  }
}

async function readJobs() {
  const text = await fs.readFile(DATASET, 'utf8')
  const docs = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
  const settings = docs.find((doc) => doc._id === 'siteSettings')
  const jobs = new Map()
  for (const doc of docs) {
    for (const asset of assetsOf(doc)) {
      const match = /^image@file:\/\/\.\/images\/([\w.-]+\.jpg)$/.exec(asset._sanityAsset)
      if (!match) throw new Error(`Unexpected asset reference in ${doc._id}: ${asset._sanityAsset}`)
      const file = match[1]
      if (jobs.has(file)) continue
      jobs.set(file, renderFor(file, asset.alt ?? '', doc, settings))
    }
  }
  jobs.set(PLACEHOLDER, placeholder)
  return jobs
}

function renderFor(file, alt, doc, settings) {
  if (file === 'hero-showroom.jpg') return heroShowroom
  if (file === 'hero-road-dusk.jpg') return heroRoad
  if (file === 'hero-financing.jpg') return heroFinancing
  if (file === 'share-default.jpg') return () => shareImage(settings)
  const vehicleMatch = /^vehicle-([\w-]+)-(\d+)\.jpg$/.exec(file)
  if (vehicleMatch && doc._type === 'vehicle') {
    const index = Number(vehicleMatch[2]) - 1
    if (/cockpit/i.test(alt)) return () => cockpit({ seed: hashString(file) })
    return () => vehicleScene({ vehicle: doc, alt, index })
  }
  throw new Error(`No illustration is defined for ${file} (document ${doc._id}).`)
}

async function encode(svg) {
  let output
  for (const quality of QUALITIES) {
    output = await sharp(Buffer.from(svg)).flatten({ background: '#000000' }).jpeg({ quality, progressive: true, mozjpeg: true }).toBuffer()
    if (output.length <= MAX_BYTES) return { output, quality }
  }
  return { output, quality: QUALITIES.at(-1) }
}

async function main() {
  const check = process.argv.includes('--check')
  const jobs = await readJobs()
  let total = 0
  const problems = []
  await fs.mkdir(IMAGES_DIR, { recursive: true })
  for (const [file, render] of jobs) {
    const target = path.join(IMAGES_DIR, file)
    if (check) {
      if (!existsSync(target)) problems.push(`${file} is missing`)
      else {
        const { size } = await fs.stat(target)
        total += size
        if (size > MAX_BYTES) problems.push(`${file} has ${size} bytes`)
      }
      continue
    }
    const { output, quality } = await encode(render())
    await fs.writeFile(target, output)
    const { width, height } = await sharp(output).metadata()
    total += output.length
    if (output.length > MAX_BYTES) problems.push(`${file} has ${output.length} bytes`)
    console.log(`${file.padEnd(28)} ${width}×${height}  q${quality}  ${(output.length / 1024).toFixed(1)} KB`)
  }
  if (!check) {
    await fs.mkdir(path.dirname(PUBLIC_PLACEHOLDER), { recursive: true })
    await fs.copyFile(path.join(IMAGES_DIR, PLACEHOLDER), PUBLIC_PLACEHOLDER)
    // Remove pictures of this generator that the dataset no longer references.
    for (const file of await fs.readdir(IMAGES_DIR)) {
      if (/^(hero|vehicle|share)-.*\.jpg$/.test(file) && !jobs.has(file)) {
        await fs.rm(path.join(IMAGES_DIR, file))
        console.log(`removed ${file}`)
      }
    }
  }
  if (total > MAX_TOTAL_BYTES) problems.push(`all images together have ${total} bytes`)
  console.log(`${jobs.size} images, ${(total / 1024 / 1024).toFixed(2)} MB`)
  if (problems.length > 0) {
    console.error(problems.join('\n'))
    process.exit(1)
  }
}

await main()

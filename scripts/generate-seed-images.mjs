#!/usr/bin/env node
/**
 * Renders the illustrations of the seed dataset (content/production.ndjson) into content/images/.
 *
 * Nothing is downloaded: every picture is an SVG drawn here and encoded with sharp. The dataset
 * decides what is drawn. Each `_sanityAsset` names its file; vehicle pictures take body type and
 * colour from their vehicle document and the scene from their German alt text ("im Showroom",
 * "in der Abenddämmerung", "Cockpit" …), so picture and alt text cannot drift apart.
 *
 * Page illustrations (city-*, topic-*, feature-*) are drawn by file name (PAGE_ILLUSTRATIONS); a
 * name without a drawing is an error, never a fallback picture.
 *
 * Usage: node scripts/generate-seed-images.mjs [--check] [--only a.jpg,b.jpg] [--out dir]
 *   --check  render nothing; exit 1 if a referenced image is missing or too large.
 *   --only   render just these files (page illustrations also when the dataset does not
 *            reference them yet); leaves every other file alone.
 *   --out    write into this folder instead of content/images (for previews).
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
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
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

const escapeXml = (text) => String(text).replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char])

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

const blur = (id, deviation) => `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`

// ---------------------------------------------------------------------------------------------
// Cars: side views in a local 1000 × 380 box, front to the right, ground at y = 360.

const GROUND = 360

/** Silhouettes: upper outline (rear bottom → front bottom), wheels, glass, pillars and lights. */
const BODIES = {
  sedan: {
    top: [
      [62, 330, 's'],
      [52, 300],
      [56, 262],
      [76, 240],
      [200, 228],
      [252, 218],
      [330, 158],
      [400, 136],
      [540, 132],
      [612, 144],
      [700, 212],
      [800, 226],
      [882, 236],
      [932, 250],
      [953, 280],
      [950, 318],
      [938, 330, 's'],
    ],
    bottomY: 330,
    wheels: [225, 772],
    r: 60,
    arch: 72,
    glass: [
      [274, 216],
      [340, 164],
      [405, 146],
      [535, 143],
      [602, 154],
      [678, 214],
    ],
    pillars: [[466, 12]],
    doors: [292, 466, 690],
    handles: [306, 482],
    belt: 218,
    head: [
      [868, 242],
      [930, 252],
      [942, 268],
      [898, 266],
    ],
    tail: [
      [56, 262],
      [104, 250],
      [100, 270],
      [56, 278],
    ],
    mirror: [688, 212],
  },
  estate: {
    top: [
      [62, 330, 's'],
      [50, 298],
      [52, 250],
      [62, 190],
      [80, 152],
      [112, 138],
      [540, 132],
      [612, 144],
      [700, 212],
      [800, 226],
      [882, 236],
      [932, 250],
      [953, 280],
      [950, 318],
      [938, 330, 's'],
    ],
    bottomY: 330,
    wheels: [225, 772],
    r: 60,
    arch: 72,
    glass: [
      [96, 214],
      [100, 168],
      [122, 150],
      [535, 143],
      [602, 154],
      [678, 214],
    ],
    pillars: [
      [262, 22],
      [466, 12],
    ],
    doors: [292, 466, 690],
    handles: [306, 482],
    belt: 218,
    head: [
      [868, 242],
      [930, 252],
      [942, 268],
      [898, 266],
    ],
    tail: [
      [52, 224],
      [72, 220],
      [72, 268],
      [52, 274],
    ],
    mirror: [688, 212],
    rails: [130, 520, 128],
  },
  suv: {
    top: [
      [62, 306, 's'],
      [50, 280],
      [48, 230],
      [54, 160],
      [66, 110],
      [96, 88],
      [150, 82],
      [560, 80],
      [626, 92],
      [716, 176],
      [830, 188],
      [900, 196],
      [944, 214],
      [960, 250],
      [958, 296],
      [946, 306, 's'],
    ],
    bottomY: 306,
    wheels: [240, 772],
    r: 74,
    arch: 86,
    glass: [
      [90, 176],
      [92, 112],
      [112, 98],
      [150, 94],
      [555, 92],
      [618, 104],
      [696, 176],
    ],
    pillars: [
      [252, 24],
      [470, 14],
    ],
    doors: [300, 470, 690],
    handles: [316, 486],
    belt: 178,
    head: [
      [880, 198],
      [946, 214],
      [954, 232],
      [900, 226],
    ],
    tail: [
      [48, 178],
      [70, 174],
      [70, 226],
      [48, 230],
    ],
    mirror: [692, 176],
    rails: [140, 540, 78],
    cladding: 26,
    archTrim: true,
  },
  hatch: {
    top: [
      [200, 332, 's'],
      [188, 300],
      [188, 252],
      [198, 200],
      [220, 160],
      [262, 136],
      [330, 126],
      [450, 126],
      [520, 140],
      [610, 206],
      [700, 224],
      [760, 234],
      [800, 250],
      [818, 282],
      [816, 320],
      [806, 332, 's'],
    ],
    bottomY: 332,
    wheels: [300, 706],
    r: 56,
    arch: 68,
    glass: [
      [218, 214],
      [226, 170],
      [262, 148],
      [330, 138],
      [446, 138],
      [510, 150],
      [588, 214],
    ],
    pillars: [[404, 12]],
    doors: [366, 404, 600],
    handles: [376, 416],
    belt: 216,
    head: [
      [746, 238],
      [800, 252],
      [810, 268],
      [762, 264],
    ],
    tail: [
      [188, 232],
      [206, 228],
      [206, 268],
      [188, 272],
    ],
    mirror: [596, 212],
  },
  coupe: {
    top: [
      [62, 330, 's'],
      [52, 298],
      [58, 262],
      [82, 246],
      [210, 238],
      [260, 228],
      [340, 192],
      [430, 164],
      [520, 156],
      [600, 164],
      [705, 220],
      [800, 230],
      [882, 240],
      [934, 254],
      [954, 282],
      [950, 318],
      [938, 330, 's'],
    ],
    bottomY: 330,
    wheels: [230, 770],
    r: 60,
    arch: 72,
    glass: [
      [292, 226],
      [350, 194],
      [432, 174],
      [518, 168],
      [590, 174],
      [676, 222],
    ],
    pillars: [[410, 10]],
    doors: [420, 690],
    handles: [436],
    belt: 226,
    head: [
      [868, 246],
      [932, 256],
      [944, 272],
      [898, 270],
    ],
    tail: [
      [56, 266],
      [108, 256],
      [104, 274],
      [56, 282],
    ],
    mirror: [690, 218],
  },
  cabrio: {
    top: [
      [62, 330, 's'],
      [52, 298],
      [58, 262],
      [80, 244],
      [300, 238],
      [600, 232],
      [700, 222],
      [800, 228],
      [882, 238],
      [934, 252],
      [954, 282],
      [950, 318],
      [938, 330, 's'],
    ],
    bottomY: 330,
    wheels: [230, 770],
    r: 60,
    arch: 72,
    glass: null,
    pillars: [],
    doors: [420, 690],
    handles: [436],
    belt: 232,
    head: [
      [868, 244],
      [932, 254],
      [944, 270],
      [898, 268],
    ],
    tail: [
      [56, 264],
      [108, 254],
      [104, 272],
      [56, 280],
    ],
    mirror: [668, 222],
    open: true,
  },
  van: {
    top: [
      [58, 326, 's'],
      [46, 300],
      [44, 240],
      [48, 120],
      [58, 72],
      [90, 58],
      [640, 58],
      [700, 70],
      [800, 180],
      [880, 198],
      [934, 216],
      [956, 254],
      [954, 314],
      [944, 326, 's'],
    ],
    bottomY: 326,
    wheels: [200, 800],
    r: 62,
    arch: 76,
    glass: [
      [82, 184],
      [84, 88],
      [102, 74],
      [636, 72],
      [690, 84],
      [776, 184],
    ],
    pillars: [
      [300, 18],
      [560, 16],
    ],
    doors: [300, 560, 770],
    handles: [316, 576],
    belt: 186,
    head: [
      [880, 200],
      [940, 220],
      [950, 236],
      [896, 230],
    ],
    tail: [
      [46, 196],
      [64, 192],
      [64, 260],
      [46, 264],
    ],
    mirror: [784, 182],
    rails: [110, 600, 54],
  },
  transporter: {
    top: [
      [52, 330, 's'],
      [40, 300],
      [40, 72],
      [48, 50],
      [70, 42],
      [660, 42],
      [702, 52],
      [782, 178],
      [900, 200],
      [942, 218],
      [958, 256],
      [956, 316],
      [944, 330, 's'],
    ],
    bottomY: 330,
    wheels: [205, 800],
    r: 62,
    arch: 76,
    glass: [
      [662, 192],
      [664, 74],
      [698, 64],
      [772, 190],
    ],
    pillars: [],
    doors: [420, 650, 790],
    handles: [610, 664],
    belt: 196,
    head: [
      [900, 206],
      [948, 224],
      [954, 242],
      [910, 236],
    ],
    tail: [
      [40, 232],
      [56, 232],
      [56, 292],
      [40, 292],
    ],
    mirror: [778, 190],
    slidingDoorRail: true,
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
  Coupé: 'coupe',
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
    linear(`${id}-paint`, [
      [0, paintTop],
      [0.38, lighten(color, 0.08)],
      [0.58, color],
      [1, paintBottom],
    ]),
    linear(
      `${id}-glass`,
      [
        [0, '#3b4a5c'],
        [0.45, '#18202a'],
        [1, '#0b0f14'],
      ],
      { x1: 0, y1: 0, x2: 0.3, y2: 1 },
    ),
    radial(
      `${id}-rim`,
      [
        [0, '#eef1f4'],
        [0.6, '#b7bdc4'],
        [1, '#6d747c'],
      ],
      { cx: 0.45, cy: 0.4, r: 0.6 },
    ),
    radial(`${id}-hub`, [
      [0, '#d9dde2'],
      [1, '#80868e'],
    ]),
    linear(
      `${id}-beam`,
      [
        [0, '#fff6d8', 0.55],
        [1, '#fff6d8', 0],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ),
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
    .map(
      (x) =>
        `<path d="M${x},${body.belt + 2} C${x - 2},${body.belt + 50} ${x - 4},${body.bottomY - 40} ${x - 6},${body.bottomY - 4}" stroke="${stroke}" stroke-width="2.2" fill="none" opacity="0.7"/>`,
    )
    .join('')
  const handles = body.handles
    .map(
      (x) =>
        `<rect x="${x}" y="${body.belt + 20}" width="36" height="8" rx="4" fill="${darken(color, 0.35)}" opacity="0.9"/><rect x="${x + 2}" y="${body.belt + 20}" width="32" height="3" rx="1.5" fill="#fff" opacity="0.25"/>`,
    )
    .join('')
  const pillars = body.pillars
    .map(
      ([x, w]) =>
        `<rect x="${x - w / 2}" y="${body.glass ? Math.min(...body.glass.map(([, y]) => y)) - 4 : 0}" width="${w}" height="${GROUND}" fill="#0e1115"/>`,
    )
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
  const rails = body.rails
    ? `<rect x="${body.rails[0]}" y="${body.rails[2] - 2}" width="${body.rails[1] - body.rails[0]}" height="7" rx="3" fill="#23272c"/>`
    : ''
  const cladding = body.cladding
    ? `<rect x="0" y="${body.bottomY - body.cladding}" width="1000" height="${body.cladding + 10}" fill="#1f2226" opacity="0.85"/>`
    : `<rect x="0" y="${body.bottomY - 16}" width="1000" height="30" fill="#000" opacity="0.16"/>`
  const sliding = body.slidingDoorRail ? `<path d="M410,${body.belt + 4} L640,${body.belt + 4}" stroke="${stroke}" stroke-width="3" opacity="0.55"/>` : ''
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
        linear('sr-wall', [
          [0, '#1d232b'],
          [1, '#0d1014'],
        ]),
        linear('sr-floor', [
          [0, '#3a4048'],
          [0.25, '#1f2328'],
          [1, '#0b0d10'],
        ]),
        linear('sr-window', [
          [0, '#1b2c48'],
          [0.6, '#3a4e6e'],
          [1, '#6d6a7a'],
        ]),
        linear('sr-cone', [
          [0, '#fff3d6', 0.22],
          [1, '#fff3d6', 0],
        ]),
        radial('sr-pool', [
          [0, '#ffffff', 0.16],
          [1, '#ffffff', 0],
        ]),
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
      defs: [
        radial(
          'st-bg',
          [
            [0, '#fbfbfc'],
            [0.7, '#e3e6ea'],
            [1, '#c9ced4'],
          ],
          { cx: 0.5, cy: 0.42, r: 0.75 },
        ),
        linear('st-floor', [
          [0, '#dfe2e6'],
          [1, '#c3c8ce'],
        ]),
      ].join(''),
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
    const flags = [0.12, 0.2, 0.86]
      .map((f) => {
        const x = W * f
        return `<rect x="${fmt(x)}" y="${fmt(horizon - 190)}" width="4" height="190" fill="#9aa1a8"/><path d="M${fmt(x + 4)},${fmt(horizon - 188)} q30,-8 60,4 q-30,12 -60,40 z" fill="${['#c8102e', '#1f3b63', '#c8102e'][Math.floor(rng() * 3)]}"/>`
      })
      .join('')
    return {
      groundY,
      defs: [
        linear('lot-sky', [
          [0, '#7fb2de'],
          [1, '#d7e7f3'],
        ]),
        linear('lot-ground', [
          [0, '#6b7076'],
          [1, '#3e4246'],
        ]),
        linear('lot-glass', [
          [0, '#8fb4cf'],
          [1, '#3d556b'],
        ]),
      ].join(''),
      back: `<rect width="${W}" height="${H}" fill="url(#lot-sky)"/>
<ellipse cx="${W * 0.2}" cy="${H * 0.16}" rx="120" ry="26" fill="#fff" opacity="0.7"/><ellipse cx="${W * 0.28}" cy="${H * 0.14}" rx="80" ry="30" fill="#fff" opacity="0.7"/>
<rect x="${W * 0.3}" y="${fmt(horizon - 170)}" width="${W * 0.56}" height="170" fill="#e7e9ec"/>
<rect x="${W * 0.3}" y="${fmt(horizon - 170)}" width="${W * 0.56}" height="26" fill="#2a2f36"/>
<rect x="${W * 0.32}" y="${fmt(horizon - 130)}" width="${W * 0.52}" height="120" fill="url(#lot-glass)"/>
${Array.from({ length: 8 }, (_, i) => `<rect x="${fmt(W * 0.32 + ((W * 0.52) / 8) * i)}" y="${fmt(horizon - 130)}" width="4" height="120" fill="#d5d9de"/>`).join('')}
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
      defs: [
        linear('str-sky', [
          [0, '#9cc7ea'],
          [1, '#e4eef6'],
        ]),
        linear('str-road', [
          [0, '#5d6268'],
          [1, '#393c40'],
        ]),
      ].join(''),
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
    const stars = Array.from(
      { length: 40 },
      () => `<circle cx="${fmt(rng() * W)}" cy="${fmt(rng() * H * 0.3)}" r="${fmt(0.6 + rng() * 1.2)}" fill="#fff" opacity="${fmt(0.3 + rng() * 0.5)}"/>`,
    ).join('')
    return {
      groundY,
      lights: true,
      defs: [
        linear('dk-sky', [
          [0, '#0c1330'],
          [0.45, '#3a2d5c'],
          [0.75, '#b4506a'],
          [1, '#f3a35b'],
        ]),
        radial('dk-sun', [
          [0, '#ffd79a', 0.95],
          [0.3, '#ffb870', 0.5],
          [1, '#ff9a5a', 0],
        ]),
        linear('dk-road', [
          [0, '#2a2530'],
          [1, '#121016'],
        ]),
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
    const trees = Array.from({ length: 9 }, (_, i) =>
      tree(40 + i * (W / 8.5) + rng() * 40, horizon + 16 + rng() * 10, 90 + rng() * 70, mix('#3f6b3a', '#5f8d4a', rng()), '#4d3b2a'),
    ).join('')
    return {
      groundY,
      defs: [
        linear('gr-sky', [
          [0, '#6fa8dc'],
          [1, '#dcebf5'],
        ]),
        linear('gr-hill', [
          [0, '#7fae5c'],
          [1, '#4f7d3c'],
        ]),
        linear('gr-road', [
          [0, '#66696c'],
          [1, '#46484b'],
        ]),
      ].join(''),
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
  const fields = Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M${fmt(rng() * W)},${fmt(H * 0.36 + i * 6)} l${fmt(200 + rng() * 200)},${fmt(4 + rng() * 10)}" stroke="#6f9a4f" stroke-width="3" opacity="0.5"/>`,
  ).join('')
  const defs = [
    linear('ck-sky', [
      [0, '#8fbfe6'],
      [1, '#e6eff6'],
    ]),
    linear('ck-dash', [
      [0, '#2c3036'],
      [0.4, '#17191c'],
      [1, '#0b0c0e'],
    ]),
    linear('ck-screen', [
      [0, '#1b2a3b'],
      [1, '#0e1620'],
    ]),
    linear('ck-wheel', [
      [0, '#2b2f35'],
      [1, '#0d0f11'],
    ]),
    radial('ck-glow', [
      [0, '#ffffff', 0.18],
      [1, '#ffffff', 0],
    ]),
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
  defs += linear(
    'shade',
    [
      [0, '#000', 0.55],
      [0.6, '#000', 0.3],
      [1, '#000', 0.5],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  )
  defs += radial(
    'vignette',
    [
      [0.55, '#000', 0],
      [1, '#000', 0.6],
    ],
    { r: 0.75 },
  )
  return svgDocument(
    W,
    H,
    `${background.back}${layers}<rect width="${W}" height="${H}" fill="url(#shade)"/><rect width="${W}" height="${H}" fill="url(#vignette)"/>`,
    defs,
  )
}

function heroRoad() {
  const W = 1920
  const H = 1080
  const rng = random(11)
  const horizon = H * 0.64
  const groundY = H * 0.93
  const stars = Array.from(
    { length: 90 },
    () => `<circle cx="${fmt(rng() * W)}" cy="${fmt(rng() * H * 0.35)}" r="${fmt(0.7 + rng() * 1.4)}" fill="#fff" opacity="${fmt(0.25 + rng() * 0.5)}"/>`,
  ).join('')
  const posts = Array.from({ length: 16 }, (_, i) => `<rect x="${i * 130 + 20}" y="${fmt(horizon + 36)}" width="8" height="44" fill="#2c2630"/>`).join('')
  const { defs: carDefs, svg } = car('hero-car', { type: 'suv', color: '#8d96a1', lights: true })
  const placed = placeCar(svg, { x: W * 0.16, groundY, width: 1180 })
  const streaks = Array.from(
    { length: 5 },
    (_, i) =>
      `<rect x="${fmt(W * 0.02 + i * 40)}" y="${fmt(groundY - 150 + i * 28)}" width="${fmt(260 - i * 30)}" height="3" rx="1.5" fill="#f7c89a" opacity="${fmt(0.35 - i * 0.05)}"/>`,
  ).join('')
  const defs = [
    linear('sky', [
      [0, '#070b1f'],
      [0.4, '#2a2450'],
      [0.72, '#9c4566'],
      [0.92, '#ee9552'],
      [1, '#f7b868'],
    ]),
    radial('sun', [
      [0, '#ffe2a8', 1],
      [0.25, '#ffb877', 0.55],
      [1, '#ff8f5a', 0],
    ]),
    linear('road', [
      [0, '#2b2630'],
      [1, '#0f0d12'],
    ]),
    linear(
      'shade',
      [
        [0, '#000', 0.55],
        [0.5, '#000', 0.18],
        [1, '#000', 0.4],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ),
    linear('bottom', [
      [0.55, '#000', 0],
      [1, '#000', 0.5],
    ]),
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
  const lines = Array.from(
    { length: 9 },
    (_, i) => `<rect x="60" y="${120 + i * 34}" width="${fmt(300 + rng() * 140)}" height="9" rx="4" fill="#b9b5ab"/>`,
  ).join('')
  const coins = (x, y, n) =>
    Array.from(
      { length: n },
      (_, i) => `<ellipse cx="${x}" cy="${y - i * 14}" rx="62" ry="20" fill="${i % 2 ? '#c69a3c' : '#d8ad4c'}" stroke="#8a6a24" stroke-width="2"/>`,
    ).join('') + `<ellipse cx="${x}" cy="${y - (n - 1) * 14}" rx="44" ry="12" fill="none" stroke="#f1d48a" stroke-width="3" opacity="0.7"/>`
  const defs = [
    linear('bg', [
      [0, '#0b1426'],
      [0.6, '#16243c'],
      [1, '#1d2c45'],
    ]),
    linear('desk', [
      [0, '#3a2a1f'],
      [0.3, '#2a1e16'],
      [1, '#120d09'],
    ]),
    linear('paper', [
      [0, '#f3f0e8'],
      [1, '#d9d4c8'],
    ]),
    linear('pen', [
      [0, '#3c4048'],
      [0.5, '#9aa0a8'],
      [1, '#2a2d32'],
    ]),
    linear('fob', [
      [0, '#2a2d31'],
      [1, '#0c0d0f'],
    ]),
    linear('blade', [
      [0, '#e3e6ea'],
      [1, '#8b9198'],
    ]),
    linear(
      'shade',
      [
        [0, '#000', 0.55],
        [0.55, '#000', 0.2],
        [1, '#000', 0.4],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ),
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
    linear(
      'bg',
      [
        [0, '#0d1117'],
        [1, '#1c232d'],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    ),
    radial('glow', [
      [0, '#ffffff', 0.14],
      [1, '#ffffff', 0],
    ]),
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
  const defs =
    radial(
      'ph-bg',
      [
        [0, '#f1f3f5'],
        [1, '#d5d9de'],
      ],
      { r: 0.8 },
    ) + carDefs
  const camera = `<g transform="translate(600,215)" fill="none" stroke="#9aa1a9" stroke-width="10" stroke-linejoin="round">
<path d="M-70,-30 L-40,-30 L-28,-52 L28,-52 L40,-30 L70,-30 Q82,-30 82,-18 L82,48 Q82,60 70,60 L-70,60 Q-82,60 -82,48 L-82,-18 Q-82,-30 -70,-30 Z"/>
<circle cx="0" cy="14" r="28"/></g>`
  return svgDocument(W, H, `<rect width="${W}" height="${H}" fill="url(#ph-bg)"/>${camera}${placed}`, defs)
}

// ---------------------------------------------------------------------------------------------
// Page illustrations (city-*, topic-* 1600 × 900; feature-* 1200 × 900): the same flat style as
// the heroes, with the places' landmarks as simple silhouettes. Everything is drawn in one
// coordinate system per picture; landmarks take an anchor (x, baseY), a scale and a colour.

/** Skies: gradient, the sun's glow, and the colours of distant (far) and close (near) silhouettes. */
const SKIES = {
  dusk: {
    stops: [
      [0, '#0c1330'],
      [0.45, '#3a2d5c'],
      [0.75, '#b4506a'],
      [1, '#f3a35b'],
    ],
    sun: '#ffd79a',
    far: '#6a4566',
    near: '#1c1626',
    stars: 70,
  },
  evening: {
    stops: [
      [0, '#1c2752'],
      [0.5, '#574a7c'],
      [0.8, '#c9737a'],
      [1, '#f4b26c'],
    ],
    sun: '#ffe0a6',
    far: '#8a5f79',
    near: '#2a2236',
    stars: 30,
  },
  golden: {
    stops: [
      [0, '#5f93c6'],
      [0.55, '#a9c5dc'],
      [0.85, '#efd6ae'],
      [1, '#f3c389'],
    ],
    sun: '#fff3cf',
    far: '#9eb0bc',
    near: '#4a5a48',
    clouds: '#ffffff',
  },
  day: {
    stops: [
      [0, '#74abdc'],
      [1, '#d9e9f4'],
    ],
    sun: '#ffffff',
    far: '#a6bccd',
    near: '#56666f',
    clouds: '#ffffff',
  },
}

const tone = (kind, t) => mix(SKIES[kind].far, SKIES[kind].near, t)

/** Sky rectangle, sun glow on the horizon, stars or clouds. */
function skyLayer(W, H, horizon, kind, rng, { sunX = 0.7, sunR = 0.42, sunY = horizon } = {}) {
  const sky = SKIES[kind]
  const defs = [
    linear('pg-sky', sky.stops),
    radial('pg-sun', [
      [0, sky.sun, 0.95],
      [0.25, sky.sun, 0.45],
      [1, sky.sun, 0],
    ]),
    linear('pg-haze', [
      [0, sky.stops.at(-1)[1], 0],
      [1, sky.stops.at(-1)[1], 0.55],
    ]),
  ].join('')
  const stars = Array.from(
    { length: sky.stars ?? 0 },
    () => `<circle cx="${fmt(rng() * W)}" cy="${fmt(rng() * horizon * 0.5)}" r="${fmt(0.7 + rng() * 1.3)}" fill="#fff" opacity="${fmt(0.25 + rng() * 0.5)}"/>`,
  ).join('')
  const clouds = sky.clouds
    ? Array.from({ length: 4 }, (_, i) => {
        const cx = W * (0.08 + i * 0.26 + rng() * 0.08)
        const cy = horizon * (0.18 + rng() * 0.3)
        const w = 90 + rng() * 90
        return `<g fill="${sky.clouds}" opacity="${fmt(0.55 + rng() * 0.2)}"><ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(w)}" ry="${fmt(w * 0.2)}"/><ellipse cx="${fmt(cx + w * 0.3)}" cy="${fmt(cy - w * 0.12)}" rx="${fmt(w * 0.5)}" ry="${fmt(w * 0.24)}"/><ellipse cx="${fmt(cx - w * 0.35)}" cy="${fmt(cy - w * 0.06)}" rx="${fmt(w * 0.4)}" ry="${fmt(w * 0.16)}"/></g>`
      }).join('')
    : ''
  const svg = `<rect width="${W}" height="${H}" fill="${sky.stops.at(-1)[1]}"/><rect width="${W}" height="${fmt(horizon + 1)}" fill="url(#pg-sky)"/>${stars}${clouds}
<circle cx="${fmt(W * sunX)}" cy="${fmt(sunY)}" r="${fmt(H * sunR)}" fill="url(#pg-sun)"/>`
  return { defs, svg }
}

/** A band of haze just above the horizon (atmospheric depth between silhouette layers). */
const haze = (W, y, h) => `<rect x="0" y="${fmt(y - h)}" width="${W}" height="${fmt(h)}" fill="url(#pg-haze)"/>`

/** Lit windows scattered over rectangles already drawn (warm dots for evening scenes). */
function litWindows(rng, { x0, x1, y0, y1, density = 0.25, color = '#ffd58a', size = 6 }) {
  let out = ''
  for (let y = y0; y < y1; y += size * 3) {
    for (let x = x0; x < x1; x += size * 2.6) {
      if (rng() < density)
        out += `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(size)}" height="${fmt(size * 1.3)}" fill="${color}" opacity="${fmt(0.5 + rng() * 0.4)}"/>`
    }
  }
  return out
}

/** Plain city blocks between x0 and x1 (no landmarks), returned with their top outline. */
function blocks(rng, { x0, x1, baseY, minH, maxH, color, minW = 50, maxW = 130, lit = null }) {
  let out = ''
  let x = x0
  while (x < x1) {
    const w = minW + rng() * (maxW - minW)
    const h = minH + rng() * (maxH - minH)
    out += `<rect x="${fmt(x)}" y="${fmt(baseY - h)}" width="${fmt(w + 1)}" height="${fmt(h + 2)}" fill="${color}"/>`
    if (lit) out += litWindows(rng, { x0: x + 8, x1: x + w - 10, y0: baseY - h + 12, y1: baseY - 10, ...lit })
    x += w
  }
  return out
}

function poplar(x, baseY, size, color) {
  return `<rect x="${fmt(x - size * 0.025)}" y="${fmt(baseY - size * 0.2)}" width="${fmt(size * 0.05)}" height="${fmt(size * 0.2)}" fill="${darken(color, 0.3)}"/>
<ellipse cx="${fmt(x)}" cy="${fmt(baseY - size * 0.58)}" rx="${fmt(size * 0.12)}" ry="${fmt(size * 0.44)}" fill="${color}"/>
<ellipse cx="${fmt(x - size * 0.04)}" cy="${fmt(baseY - size * 0.5)}" rx="${fmt(size * 0.07)}" ry="${fmt(size * 0.32)}" fill="${darken(color, 0.12)}"/>`
}

/** Street lamp with a warm glow (evening scenes). */
function lamp(x, baseY, h, color, lit = true) {
  return `<rect x="${fmt(x - 2.5)}" y="${fmt(baseY - h)}" width="5" height="${fmt(h)}" fill="${color}"/>
<rect x="${fmt(x - 12)}" y="${fmt(baseY - h - 6)}" width="24" height="8" rx="4" fill="${color}"/>
${lit ? `<circle cx="${fmt(x)}" cy="${fmt(baseY - h + 4)}" r="30" fill="url(#pg-lamp)"/>` : ''}`
}
const lampDefs = () =>
  radial('pg-lamp', [
    [0, '#ffe6a8', 0.9],
    [0.3, '#ffcf7a', 0.35],
    [1, '#ffcf7a', 0],
  ])

/** Winding tower (Förderturm): guide frame with bracing, one slanted strut, two sheave wheels. */
function headframe(x, baseY, s, color, { strut = 1, house = true } = {}) {
  const t = (px, py) => `${fmt(x + px * s)},${fmt(baseY + py * s)}`
  let braces = ''
  for (let y = -20; y > -250; y -= 30)
    braces += `<polyline points="${t(-22 + -y * 0.02, y)} ${t(20 - (-y - 30) * 0.02, y - 30)}"/><polyline points="${t(22 - -y * 0.02, y)} ${t(-20 + (-y - 30) * 0.02, y - 30)}"/>`
  let strutBraces = ''
  for (let i = 1; i < 7; i++) {
    const f = i / 7
    const ax = 16 + (150 - 16) * f
    const ay = -250 + 250 * f
    strutBraces += `<polyline points="${t(strut * ax, ay)} ${t(strut * (ax + 26), ay + 6)}"/>`
  }
  const wheelAt = (cx) => `<circle cx="${fmt(x + cx * s)}" cy="${fmt(baseY - 282 * s)}" r="${fmt(22 * s)}" fill="none" stroke-width="${fmt(4 * s)}"/>
${[0, 60, 120].map((a) => `<line x1="${fmt(x + cx * s + Math.cos((a * Math.PI) / 180) * 22 * s)}" y1="${fmt(baseY - 282 * s + Math.sin((a * Math.PI) / 180) * 22 * s)}" x2="${fmt(x + cx * s - Math.cos((a * Math.PI) / 180) * 22 * s)}" y2="${fmt(baseY - 282 * s - Math.sin((a * Math.PI) / 180) * 22 * s)}" stroke-width="${fmt(2 * s)}"/>`).join('')}`
  return `<g fill="${color}" stroke="${color}" stroke-width="${fmt(3 * s)}" stroke-linejoin="round">
<polygon points="${t(-28, 0)} ${t(-18, -262)} ${t(-12, -262)} ${t(-20, 0)}"/>
<polygon points="${t(28, 0)} ${t(18, -262)} ${t(12, -262)} ${t(20, 0)}"/>
<g fill="none">${braces}</g>
<polygon points="${t(strut * 12, -250)} ${t(strut * 20, -256)} ${t(strut * 176, 0)} ${t(strut * 164, 0)}"/>
<polygon points="${t(strut * 12, -232)} ${t(strut * 16, -236)} ${t(strut * 200, 0)} ${t(strut * 190, 0)}"/>
<g fill="none">${strutBraces}</g>
<rect x="${fmt(x - 40 * s)}" y="${fmt(baseY - 268 * s)}" width="${fmt(80 * s)}" height="${fmt(12 * s)}"/>
<rect x="${fmt(x - 30 * s)}" y="${fmt(baseY - 258 * s)}" width="${fmt(60 * s)}" height="${fmt(8 * s)}" fill="none"/>
${wheelAt(-18)}${wheelAt(18)}
${house ? `<rect x="${fmt(x + Math.min(strut * 150, strut * 290) * s)}" y="${fmt(baseY - 70 * s)}" width="${fmt(140 * s)}" height="${fmt(70 * s)}"/><polygon points="${t(strut * 150, -70)} ${t(strut * 220, -100)} ${t(strut * 290, -70)}"/>` : ''}
<rect x="${fmt(x - 60 * s)}" y="${fmt(baseY - 40 * s)}" width="${fmt(120 * s)}" height="${fmt(40 * s)}"/>
</g>`
}

/** The Dortmunder U: brick block, tower, and the glowing golden U on its top. */
function dortmunderU(x, baseY, s, color, windowColor) {
  const r = (px, py, w, h, fill = color) =>
    `<rect x="${fmt(x + px * s)}" y="${fmt(baseY + py * s)}" width="${fmt(w * s)}" height="${fmt(h * s)}" fill="${fill}"/>`
  let windows = ''
  for (let row = 0; row < 6; row++) for (let col = 0; col < 8; col++) windows += r(-62 + col * 16, -150 + row * 24, 8, 14, windowColor)
  let towerWindows = ''
  for (let col = 0; col < 3; col++) towerWindows += r(-20 + col * 16, -218, 8, 44, windowColor)
  const u = `M${fmt(x - 20 * s)},${fmt(baseY - 296 * s)} L${fmt(x - 20 * s)},${fmt(baseY - 262 * s)} Q${fmt(x - 20 * s)},${fmt(baseY - 242 * s)} ${fmt(x)},${fmt(baseY - 242 * s)} Q${fmt(x + 20 * s)},${fmt(baseY - 242 * s)} ${fmt(x + 20 * s)},${fmt(baseY - 262 * s)} L${fmt(x + 20 * s)},${fmt(baseY - 296 * s)}`
  return `${r(-74, -168, 148, 168)}${r(-80, -174, 160, 8)}${windows}
${r(-32, -236, 64, 70)}${towerWindows}
<g stroke="${color}" stroke-width="${fmt(2.5 * s)}">${[-30, -10, 10, 30].map((px) => `<line x1="${fmt(x + px * s)}" y1="${fmt(baseY - 236 * s)}" x2="${fmt(x + px * s)}" y2="${fmt(baseY - 306 * s)}"/>`).join('')}
<line x1="${fmt(x - 32 * s)}" y1="${fmt(baseY - 306 * s)}" x2="${fmt(x + 32 * s)}" y2="${fmt(baseY - 306 * s)}"/><line x1="${fmt(x - 32 * s)}" y1="${fmt(baseY - 270 * s)}" x2="${fmt(x + 32 * s)}" y2="${fmt(baseY - 270 * s)}"/></g>
<circle cx="${fmt(x)}" cy="${fmt(baseY - 270 * s)}" r="${fmt(60 * s)}" fill="url(#pg-ugold)"/>
<path d="${u}" fill="none" stroke="#ffd45a" stroke-width="${fmt(13 * s)}" stroke-linecap="round" filter="url(#pg-uglow)" opacity="0.9"/>
<path d="${u}" fill="none" stroke="#ffe9a0" stroke-width="${fmt(9 * s)}" stroke-linecap="round"/>`
}
const dortmunderUDefs = () =>
  radial('pg-ugold', [
    [0, '#ffd45a', 0.5],
    [1, '#ffd45a', 0],
  ]) + blur('pg-uglow', 6)

/** A telecommunication tower: tapering shaft, head (pod) and antenna. */
function tvTower(x, baseY, s, color, { height = 440, podY = 330, pod = 'florian', dots = false, beacon = true } = {}) {
  const p = (px, py) => `${fmt(x + px * s)},${fmt(baseY - py * s)}`
  let head = ''
  if (pod === 'florian') {
    // A widening cup with two discs and a slim top.
    head = `<polygon points="${p(-9, podY - 20)} ${p(-44, podY + 10)} ${p(44, podY + 10)} ${p(9, podY - 20)}"/>
<rect x="${fmt(x - 48 * s)}" y="${fmt(baseY - (podY + 22) * s)}" width="${fmt(96 * s)}" height="${fmt(12 * s)}"/>
<rect x="${fmt(x - 36 * s)}" y="${fmt(baseY - (podY + 36) * s)}" width="${fmt(72 * s)}" height="${fmt(14 * s)}"/>
<polygon points="${p(-30, podY + 36)} ${p(-12, podY + 56)} ${p(12, podY + 56)} ${p(30, podY + 36)}"/>`
  } else {
    // Rheinturm: a narrow collar, an inverted cone and the restaurant rings.
    head = `<polygon points="${p(-10, podY - 30)} ${p(-36, podY)} ${p(36, podY)} ${p(10, podY - 30)}"/>
<rect x="${fmt(x - 38 * s)}" y="${fmt(baseY - (podY + 16) * s)}" width="${fmt(76 * s)}" height="${fmt(16 * s)}"/>
<rect x="${fmt(x - 34 * s)}" y="${fmt(baseY - (podY + 30) * s)}" width="${fmt(68 * s)}" height="${fmt(14 * s)}"/>
<polygon points="${p(-30, podY + 30)} ${p(-14, podY + 44)} ${p(14, podY + 44)} ${p(30, podY + 30)}"/>
<rect x="${fmt(x - 12 * s)}" y="${fmt(baseY - (podY - 70) * s)}" width="${fmt(24 * s)}" height="${fmt(6 * s)}"/>`
  }
  const lights = dots
    ? Array.from(
        { length: 14 },
        (_, i) =>
          `<circle cx="${fmt(x)}" cy="${fmt(baseY - (30 + i * ((podY - 70) / 14)) * s)}" r="${fmt(2.4 * s)}" fill="${i % 4 === 0 ? '#ff9f5a' : '#ffe6a0'}" opacity="0.9"/>`,
      ).join('')
    : ''
  return `<g fill="${color}">
<polygon points="${p(-16, 0)} ${p(-8, podY - 10)} ${p(8, podY - 10)} ${p(16, 0)}"/>
${head}
<rect x="${fmt(x - 4 * s)}" y="${fmt(baseY - (height - 20) * s)}" width="${fmt(8 * s)}" height="${fmt((height - podY - 60) * s)}"/>
<rect x="${fmt(x - 2 * s)}" y="${fmt(baseY - height * s)}" width="${fmt(4 * s)}" height="${fmt(24 * s)}"/>
</g>${lights}${beacon ? `<circle cx="${fmt(x)}" cy="${fmt(baseY - height * s)}" r="${fmt(3.5 * s)}" fill="#ff4a3a"/><circle cx="${fmt(x)}" cy="${fmt(baseY - height * s)}" r="${fmt(10 * s)}" fill="#ff4a3a" opacity="0.25"/>` : ''}`
}

/** Gasometer Oberhausen: a tall ribbed cylinder with a flat cap and a small lantern. */
function gasometer(x, baseY, s, fillId, color) {
  const w = 170 * s
  const h = 290 * s
  const left = x - w / 2
  let ribs = ''
  for (let i = 1; i < 12; i++) {
    const u = Math.cos((Math.PI * i) / 12)
    ribs += `<rect x="${fmt(x - (u * w) / 2 - 1.5 * s)}" y="${fmt(baseY - h)}" width="${fmt(3 * s)}" height="${fmt(h)}" fill="${color}" opacity="0.55"/>`
  }
  let bands = ''
  for (let y = baseY - h + 36 * s; y < baseY - 10; y += 44 * s)
    bands += `<rect x="${fmt(left)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(3 * s)}" fill="${color}" opacity="0.45"/>`
  return `<rect x="${fmt(left)}" y="${fmt(baseY - h)}" width="${fmt(w)}" height="${fmt(h)}" fill="url(#${fillId})"/>${ribs}${bands}
<path d="M${fmt(left - 3 * s)},${fmt(baseY - h)} Q${fmt(x)},${fmt(baseY - h - 16 * s)} ${fmt(left + w + 3 * s)},${fmt(baseY - h)} Z" fill="${color}"/>
<rect x="${fmt(x - 22 * s)}" y="${fmt(baseY - h - 26 * s)}" width="${fmt(44 * s)}" height="${fmt(14 * s)}" fill="${color}"/>
<rect x="${fmt(x - 14 * s)}" y="${fmt(baseY - h - 34 * s)}" width="${fmt(28 * s)}" height="${fmt(10 * s)}" fill="${color}"/>
<rect x="${fmt(left + w - 2 * s)}" y="${fmt(baseY - h + 10 * s)}" width="${fmt(10 * s)}" height="${fmt(h - 10 * s)}" fill="${color}"/>
${Array.from({ length: 9 }, (_, i) => `<line x1="${fmt(left + w - 2 * s)}" y1="${fmt(baseY - h + 20 * s + i * 30 * s)}" x2="${fmt(left + w + 8 * s)}" y2="${fmt(baseY - h + 40 * s + i * 30 * s)}" stroke="${lighten(color, 0.2)}" stroke-width="${fmt(1.5 * s)}"/>`).join('')}`
}

/** Football stadium with a closed roof and glowing floodlights (Gelsenkirchen). */
function stadium(x, baseY, s, color, glow) {
  const p = (px, py) => `${fmt(x + px * s)},${fmt(baseY + py * s)}`
  const ribs = Array.from({ length: 13 }, (_, i) => {
    const px = -210 + i * 35
    const top = -60 - 66 * Math.sqrt(Math.max(0, 1 - (px / 232) ** 2))
    return `<line x1="${fmt(x + px * s)}" y1="${fmt(baseY - 56 * s)}" x2="${fmt(x + px * s * 0.96)}" y2="${fmt(baseY + top * s)}" stroke="${lighten(color, 0.12)}" stroke-width="${fmt(3 * s)}"/>`
  }).join('')
  return `<ellipse cx="${fmt(x)}" cy="${fmt(baseY - 150 * s)}" rx="${fmt(260 * s)}" ry="${fmt(90 * s)}" fill="url(#pg-flood)"/>
<path d="M${p(-236, -52)} C${p(-226, -110)} ${p(-130, -128)} ${p(0, -128)} C${p(130, -128)} ${p(226, -110)} ${p(236, -52)} Z" fill="${color}"/>
<path d="M${p(-150, -112)} C${p(-90, -124)} ${p(90, -124)} ${p(150, -112)}" fill="none" stroke="${glow}" stroke-width="${fmt(5 * s)}" opacity="0.8"/>
${ribs}
<rect x="${fmt(x - 244 * s)}" y="${fmt(baseY - 56 * s)}" width="${fmt(488 * s)}" height="${fmt(56 * s)}" fill="${darken(color, 0.15)}"/>
${Array.from({ length: 22 }, (_, i) => `<rect x="${fmt(x + (-232 + i * 21.5) * s)}" y="${fmt(baseY - 44 * s)}" width="${fmt(12 * s)}" height="${fmt(18 * s)}" fill="${glow}" opacity="${i % 3 === 0 ? 0.45 : 0.8}"/>`).join('')}
${[-180, 180].map((px) => `<rect x="${fmt(x + px * s - 3 * s)}" y="${fmt(baseY - 190 * s)}" width="${fmt(6 * s)}" height="${fmt(140 * s)}" fill="${color}"/><rect x="${fmt(x + px * s - 18 * s)}" y="${fmt(baseY - 198 * s)}" width="${fmt(36 * s)}" height="${fmt(12 * s)}" fill="#fff6d6"/><ellipse cx="${fmt(x + px * s)}" cy="${fmt(baseY - 192 * s)}" rx="${fmt(60 * s)}" ry="${fmt(30 * s)}" fill="url(#pg-flood)"/>`).join('')}`
}
const stadiumDefs = () =>
  radial('pg-flood', [
    [0, '#fff4cf', 0.75],
    [0.4, '#ffe2a0', 0.3],
    [1, '#ffe2a0', 0],
  ])

/** Xanten's St. Viktor: two west towers with steep spires, a long nave and the choir. */
function xantenDom(x, baseY, s, color, windowColor) {
  const p = (px, py) => `${fmt(x + px * s)},${fmt(baseY + py * s)}`
  const tower = (cx) => `<rect x="${fmt(x + (cx - 22) * s)}" y="${fmt(baseY - 180 * s)}" width="${fmt(44 * s)}" height="${fmt(180 * s)}"/>
<rect x="${fmt(x + (cx - 25) * s)}" y="${fmt(baseY - 186 * s)}" width="${fmt(50 * s)}" height="${fmt(8 * s)}"/>
<polygon points="${p(cx - 24, -184)} ${p(cx, -300)} ${p(cx + 24, -184)}"/>
<rect x="${fmt(x + (cx - 0.8) * s)}" y="${fmt(baseY - 318 * s)}" width="${fmt(1.6 * s)}" height="${fmt(20 * s)}"/>
${[-150, -110].map((py) => `<path d="M${p(cx - 9, py + 30)} L${p(cx - 9, py + 6)} Q${p(cx, py - 6)} ${p(cx + 9, py + 6)} L${p(cx + 9, py + 30)} Z" fill="${windowColor}"/>`).join('')}`
  const lancets = Array.from({ length: 6 }, (_, i) => {
    const cx = 92 + i * 30
    return `<path d="M${p(cx - 7, -20)} L${p(cx - 7, -76)} Q${p(cx, -92)} ${p(cx + 7, -76)} L${p(cx + 7, -20)} Z" fill="${windowColor}"/>`
  }).join('')
  const buttresses = Array.from(
    { length: 7 },
    (_, i) => `<polygon points="${p(76 + i * 30, 0)} ${p(76 + i * 30, -108)} ${p(82 + i * 30, -118)} ${p(86 + i * 30, -108)} ${p(86 + i * 30, 0)}"/>`,
  ).join('')
  return `<g fill="${color}">
<rect x="${fmt(x + 40 * s)}" y="${fmt(baseY - 110 * s)}" width="${fmt(230 * s)}" height="${fmt(110 * s)}"/>
<polygon points="${p(36, -108)} ${p(60, -168)} ${p(250, -168)} ${p(274, -108)}"/>
<polygon points="${p(270, 0)} ${p(270, -104)} ${p(300, -90)} ${p(312, -50)} ${p(312, 0)}"/>
<polygon points="${p(140, -166)} ${p(146, -206)} ${p(152, -166)}"/>
${buttresses}
<rect x="${fmt(x - 70 * s)}" y="${fmt(baseY - 140 * s)}" width="${fmt(110 * s)}" height="${fmt(140 * s)}"/>
${tower(-60)}${tower(28)}
<path d="M${p(-30, -30)} L${p(-30, -92)} Q${p(-16, -118)} ${p(-2, -92)} L${p(-2, -30)} Z" fill="${windowColor}"/>
${lancets}</g>`
}

/** Tower windmill with cap, gallery and four lattice sails; `angle` turns the sails. */
function windmill(x, baseY, s, color, { angle = 20, sailColor = color } = {}) {
  const hub = [x, baseY - 166 * s]
  const sails = Array.from({ length: 4 }, (_, i) => {
    const a = angle + i * 90
    let lattice = ''
    for (let d = 36; d <= 150; d += 16) lattice += `<line x1="0" y1="${-d}" x2="22" y2="${-d}"/>`
    return `<g transform="translate(${fmt(hub[0])},${fmt(hub[1])}) rotate(${a}) scale(${fmt(s * 1000) / 1000})">
<rect x="-2.5" y="-156" width="5" height="156" fill="${sailColor}"/><rect x="4" y="-150" width="20" height="116" fill="none" stroke="${sailColor}" stroke-width="2.5"/><g stroke="${sailColor}" stroke-width="1.6">${lattice}</g></g>`
  }).join('')
  return `<g fill="${color}">
<polygon points="${fmt(x - 40 * s)},${fmt(baseY)} ${fmt(x - 24 * s)},${fmt(baseY - 150 * s)} ${fmt(x + 24 * s)},${fmt(baseY - 150 * s)} ${fmt(x + 40 * s)},${fmt(baseY)}"/>
<path d="M${fmt(x - 30 * s)},${fmt(baseY - 148 * s)} Q${fmt(x)},${fmt(baseY - 196 * s)} ${fmt(x + 30 * s)},${fmt(baseY - 148 * s)} Z"/>
<rect x="${fmt(x - 52 * s)}" y="${fmt(baseY - 64 * s)}" width="${fmt(104 * s)}" height="${fmt(5 * s)}"/>
${[-48, -24, 0, 24, 48].map((px) => `<rect x="${fmt(x + px * s - 1)}" y="${fmt(baseY - 76 * s)}" width="2" height="${fmt(12 * s)}"/>`).join('')}
<rect x="${fmt(x - 52 * s)}" y="${fmt(baseY - 78 * s)}" width="${fmt(104 * s)}" height="${fmt(2.5 * s)}"/>
</g>${sails}<circle cx="${fmt(hub[0])}" cy="${fmt(hub[1])}" r="${fmt(6 * s)}" fill="${color}"/>`
}

/** Village church: nave with steep roof, west tower with spire. */
function villageChurch(x, baseY, s, wall, roof, windowColor) {
  const p = (px, py) => `${fmt(x + px * s)},${fmt(baseY + py * s)}`
  return `<rect x="${fmt(x)}" y="${fmt(baseY - 70 * s)}" width="${fmt(180 * s)}" height="${fmt(70 * s)}" fill="${wall}"/>
<polygon points="${p(-4, -68)} ${p(30, -128)} ${p(184, -128)} ${p(184, -68)}" fill="${roof}"/>
<polygon points="${p(180, 0)} ${p(180, -70)} ${p(210, -60)} ${p(220, -30)} ${p(220, 0)}" fill="${wall}"/>
<polygon points="${p(178, -68)} ${p(184, -128)} ${p(222, -34)} ${p(212, -62)}" fill="${roof}"/>
${[40, 80, 120, 160].map((px) => `<path d="M${p(px - 6, -18)} L${p(px - 6, -46)} Q${p(px, -56)} ${p(px + 6, -46)} L${p(px + 6, -18)} Z" fill="${windowColor}"/>`).join('')}
<rect x="${fmt(x - 40 * s)}" y="${fmt(baseY - 150 * s)}" width="${fmt(52 * s)}" height="${fmt(150 * s)}" fill="${wall}"/>
<polygon points="${p(-44, -148)} ${p(-14, -270)} ${p(16, -148)}" fill="${roof}"/>
<rect x="${fmt(x - 15 * s)}" y="${fmt(baseY - 292 * s)}" width="${fmt(2 * s)}" height="${fmt(24 * s)}" fill="${roof}"/>
<rect x="${fmt(x - 21 * s)}" y="${fmt(baseY - 286 * s)}" width="${fmt(14 * s)}" height="${fmt(2 * s)}" fill="${roof}"/>
<path d="M${p(-22, -106)} L${p(-22, -126)} Q${p(-14, -136)} ${p(-6, -126)} L${p(-6, -106)} Z" fill="${windowColor}"/>
<circle cx="${fmt(x - 14 * s)}" cy="${fmt(baseY - 84 * s)}" r="${fmt(8 * s)}" fill="${windowColor}"/>
<path d="M${p(-24, 0)} L${p(-24, -30)} Q${p(-14, -44)} ${p(-4, -30)} L${p(-4, 0)} Z" fill="${darken(wall, 0.4)}"/>`
}

/** Lower-Rhine farmhouse: brick walls, steep dark roof, white-framed windows, a barn. */
function farmhouse(x, baseY, s, { wall = '#9b4f3a', roof = '#4b3a38', frame = '#efe8dc', barn = true } = {}) {
  const p = (px, py) => `${fmt(x + px * s)},${fmt(baseY + py * s)}`
  const window = (px, py) =>
    `<rect x="${fmt(x + px * s)}" y="${fmt(baseY + py * s)}" width="${fmt(16 * s)}" height="${fmt(20 * s)}" fill="${frame}"/><rect x="${fmt(x + (px + 2.5) * s)}" y="${fmt(baseY + (py + 2.5) * s)}" width="${fmt(11 * s)}" height="${fmt(15 * s)}" fill="#3d4a55"/>`
  return `${
    barn
      ? `<rect x="${fmt(x + 110 * s)}" y="${fmt(baseY - 56 * s)}" width="${fmt(150 * s)}" height="${fmt(56 * s)}" fill="${darken(wall, 0.1)}"/>
<polygon points="${p(104, -54)} ${p(150, -104)} ${p(264, -104)} ${p(266, -54)}" fill="${darken(roof, 0.05)}"/>
<rect x="${fmt(x + 160 * s)}" y="${fmt(baseY - 44 * s)}" width="${fmt(50 * s)}" height="${fmt(44 * s)}" fill="#5a3b2c"/>`
      : ''
  }
<rect x="${fmt(x)}" y="${fmt(baseY - 62 * s)}" width="${fmt(120 * s)}" height="${fmt(62 * s)}" fill="${wall}"/>
<polygon points="${p(-6, -60)} ${p(60, -138)} ${p(126, -60)}" fill="${roof}"/>
<rect x="${fmt(x + 82 * s)}" y="${fmt(baseY - 132 * s)}" width="${fmt(10 * s)}" height="${fmt(30 * s)}" fill="${darken(wall, 0.2)}"/>
${window(14, -48)}${window(90, -48)}${window(52, -104)}
<rect x="${fmt(x + 50 * s)}" y="${fmt(baseY - 34 * s)}" width="${fmt(20 * s)}" height="${fmt(34 * s)}" fill="#3a5a4a"/>`
}

function bicycle(x, baseY, s, color, { mirror = false } = {}) {
  const r = 15
  return `<g transform="translate(${fmt(x)},${fmt(baseY)}) scale(${fmt((mirror ? -1 : 1) * s * 1000) / 1000},${fmt(s * 1000) / 1000})" fill="none" stroke="${color}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round">
<circle cx="-24" cy="${-r}" r="${r}"/><circle cx="24" cy="${-r}" r="${r}"/>
<polyline points="-24,${-r} -4,${-r} -9,-38 -24,${-r}"/><polyline points="-4,${-r} 17,-36 -9,-38"/><polyline points="24,${-r} 15,-44 10,-44"/><polyline points="15,-44 22,-46"/>
<line x1="-14" y1="-41" x2="-4" y2="-41" stroke-width="4"/></g>`
}

/**
 * A simple standing figure without face details (height h). `pose`: 'stand', 'clipboard'
 * (holds a clipboard in front) or 'give' (right arm stretched forward at about hand height).
 */
function person(x, baseY, h, { coat = '#2a3442', trousers = '#1b2029', skin = '#c99a7a', hair = '#2b2320', pose = 'stand', mirror = false } = {}) {
  const arm = {
    stand: `<path d="M12,-74 Q17,-60 16,-44" stroke="${coat}" stroke-width="7" fill="none" stroke-linecap="round"/><circle cx="16" cy="-42" r="3.6" fill="${skin}"/>`,
    clipboard: `<path d="M10,-74 Q20,-62 26,-58" stroke="${coat}" stroke-width="7" fill="none" stroke-linecap="round"/><g transform="rotate(-12 28 -60)"><rect x="20" y="-72" width="20" height="27" rx="2" fill="#7a5a3a"/><rect x="22" y="-68" width="16" height="21" fill="#f4f1ea"/>${[0, 1, 2, 3].map((i) => `<rect x="24" y="${-64 + i * 4.5}" width="${i % 2 ? 9 : 12}" height="1.4" fill="#8a9098"/>`).join('')}<rect x="26" y="-74" width="8" height="3.5" rx="1" fill="#9aa0a8"/></g><circle cx="27" cy="-57" r="3.6" fill="${skin}"/><path d="M-10,-74 Q-2,-62 14,-56" stroke="${darken(coat, 0.12)}" stroke-width="7" fill="none" stroke-linecap="round"/><rect x="13" y="-60" width="2" height="12" fill="#20242a" transform="rotate(30 14 -54)"/>`,
    give: `<path d="M10,-74 Q22,-64 34,-60" stroke="${coat}" stroke-width="7" fill="none" stroke-linecap="round"/><circle cx="36" cy="-60" r="3.8" fill="${skin}"/>`,
  }[pose]
  return `<g transform="translate(${fmt(x)},${fmt(baseY)}) scale(${fmt((mirror ? -1 : 1) * (h / 100) * 1000) / 1000},${fmt((h / 100) * 1000) / 1000})">
<ellipse cx="0" cy="0" rx="20" ry="3" fill="#000" opacity="0.25"/>
<path d="M-8,-46 L-9,-2 L-2,-2 L0,-38 L2,-2 L9,-2 L8,-46 Z" fill="${trousers}"/>
<rect x="-11" y="-3" width="10" height="3.5" rx="1.5" fill="#121417"/><rect x="2" y="-3" width="10" height="3.5" rx="1.5" fill="#121417"/>
${pose === 'stand' ? `<path d="M-12,-74 Q-17,-60 -16,-44" stroke="${coat}" stroke-width="7" fill="none" stroke-linecap="round"/><circle cx="-16" cy="-42" r="3.6" fill="${skin}"/>` : ''}
<path d="M-13,-76 Q-14,-80 -6,-81 L6,-81 Q14,-80 13,-76 L11,-44 L-11,-44 Z" fill="${coat}"/>
<path d="M-3,-81 L0,-72 L3,-81 Z" fill="#e9ecef"/>
<rect x="-3" y="-86" width="6" height="6" fill="${skin}"/>
<ellipse cx="0" cy="-92" rx="7.5" ry="8.5" fill="${skin}"/>
<path d="M-7.8,-92 Q-8,-102 0,-102 Q8,-102 7.8,-92 Q6,-97 0,-97 Q-5,-97 -7.8,-92 Z" fill="${hair}"/>
${arm}</g>`
}

/** Wheel gradients for wheel(id, …) when no car() with that id supplies them. */
const wheelDefs = (id) =>
  radial(
    `${id}-rim`,
    [
      [0, '#eef1f4'],
      [0.6, '#b7bdc4'],
      [1, '#6d747c'],
    ],
    { cx: 0.45, cy: 0.4, r: 0.6 },
  ) +
  radial(`${id}-hub`, [
    [0, '#d9dde2'],
    [1, '#80868e'],
  ])

/**
 * A car transporter truck in the car's local system (ground at y = GROUND), front to the right:
 * cab at x 1780…2230, two-deck rack behind it. `load` lists cars for the lower and upper deck.
 */
function transporterTruck(id, { cab = '#d8dde2', stripe = '#c8102e', frame = '#6b737c', load = [], lights = false }) {
  let defs =
    wheelDefs(id) +
    linear(`${id}-cab`, [
      [0, lighten(cab, 0.25)],
      [0.6, cab],
      [1, darken(cab, 0.35)],
    ])
  let cars = ''
  for (const [i, spec] of load.entries()) {
    const carId = `${id}-c${i}`
    const { defs: carDefs, svg } = car(carId, { type: spec.type, color: spec.color, lights })
    defs += carDefs
    const deckY = spec.deck === 'upper' ? 100 : 236
    cars += placeCar(svg, { x: spec.x, groundY: deckY, width: spec.width ?? 500 })
  }
  const posts = [30, 330, 630, 930, 1230, 1530, 1740].map((x) => `<rect x="${x}" y="100" width="14" height="150" fill="${frame}"/>`).join('')
  const braces = [30, 630, 1230].map((x) => `<line x1="${x + 14}" y1="116" x2="${x + 300}" y2="236" stroke="${frame}" stroke-width="6"/>`).join('')
  const svg = `<ellipse cx="1100" cy="${GROUND + 2}" rx="1180" ry="18" fill="#000" opacity="0.45"/>
${posts}${braces}
<rect x="20" y="236" width="1760" height="20" fill="${frame}"/>
<rect x="20" y="100" width="1760" height="16" fill="${frame}"/>
<rect x="20" y="256" width="1760" height="30" fill="#2a2e33"/>
${cars}
<rect x="1100" y="318" width="1120" height="26" fill="#23272c"/>
<polygon points="1830,-30 1870,-80 2150,-80 2176,-30" fill="${darken(cab, 0.12)}"/>
<path d="M1780,334 L1780,-6 Q1780,-30 1802,-30 L2176,-30 Q2210,-28 2212,10 L2216,334 Z" fill="url(#${id}-cab)" stroke="${darken(cab, 0.45)}" stroke-width="3"/>
<rect x="1780" y="214" width="436" height="18" fill="${stripe}"/>
<path d="M1990,4 L2178,4 L2184,160 L1990,160 Z" fill="#1a222c" stroke="#0a0d11" stroke-width="4"/>
<path d="M1984,-8 L2192,-8 L2196,300 L1984,300 Z" fill="none" stroke="${darken(cab, 0.4)}" stroke-width="3"/>
<rect x="1796" y="10" width="150" height="70" rx="10" fill="#1a222c" opacity="0.85"/>
${[250, 262, 274].map((y) => `<rect x="2150" y="${y}" width="60" height="5" fill="${darken(cab, 0.5)}"/>`).join('')}
<rect x="2010" y="244" width="40" height="8" rx="4" fill="${darken(cab, 0.4)}"/>
<rect x="2040" y="318" width="80" height="10" fill="#2a2e33"/>
<rect x="2196" y="292" width="34" height="44" rx="4" fill="#1f2328"/>
<rect x="2204" y="250" width="16" height="30" rx="3" fill="${lights ? '#fffbe8' : '#e9eef2'}"/>
<rect x="2224" y="20" width="10" height="110" rx="4" fill="#23272c"/><line x1="2212" y1="40" x2="2226" y2="40" stroke="#23272c" stroke-width="5"/>
${[160, 330, 1480, 1630, 2070].map((x) => `<circle cx="${x}" cy="${GROUND - 58}" r="68" fill="#08090a"/>${wheel(id, x, 58, { spin: x % 70 })}`).join('')}
${lights ? `<polygon points="2220,256 2800,200 2800,${GROUND + 10} 2220,276" fill="#fff6d8" opacity="0.22"/><ellipse cx="2214" cy="262" rx="26" ry="14" fill="#fff8dc" opacity="0.7"/>` : ''}`
  return { defs, svg }
}

/** Places a drawing made in a car-like local system (ground at y = GROUND) at scale. */
function placeLocal(svg, { x, groundY, scale, mirror = false, localWidth = 1000 }) {
  const flip = mirror ? ` translate(${localWidth},0) scale(-1,1)` : ''
  return `<g transform="translate(${fmt(x)},${fmt(groundY - GROUND * scale)}) scale(${fmt(scale * 1000) / 1000})${flip}">${svg}</g>`
}

/** One car placed in a picture; returns {defs, svg}. */
function placedCar(id, { type, color, x, groundY, width, mirror = false, lights = false }) {
  const { defs, svg } = car(id, { type, color, mirror, lights })
  return { defs, svg: placeCar(svg, { x, groundY, width }) }
}

/** Water surface with light streaks; `reflect` is SVG mirrored at y into the water. */
function water(W, y, H, color, rng, reflect = '') {
  const streaks = Array.from(
    { length: 40 },
    () =>
      `<rect x="${fmt(rng() * W)}" y="${fmt(y + 6 + rng() * (H - y - 6))}" width="${fmt(20 + rng() * 90)}" height="2" fill="#fff" opacity="${fmt(0.06 + rng() * 0.16)}"/>`,
  ).join('')
  return `<rect x="0" y="${fmt(y)}" width="${W}" height="${fmt(H - y)}" fill="${color}"/>
${reflect ? `<clipPath id="pg-water"><rect x="0" y="${fmt(y)}" width="${W}" height="${fmt(H - y)}"/></clipPath><g clip-path="url(#pg-water)" opacity="0.3"><g transform="translate(0,${fmt(2 * y)}) scale(1,-1)">${reflect}</g></g>` : ''}
<rect x="0" y="${fmt(y)}" width="${W}" height="${fmt(H - y)}" fill="url(#pg-waterfade)"/>${streaks}`
}
const waterDefs = (color) =>
  linear('pg-waterfade', [
    [0, color, 0],
    [1, darken(color, 0.4), 0.7],
  ])

/** Darkening at the edges, like the heroes. */
const vignette = (W, H) => `<rect width="${W}" height="${H}" fill="url(#pg-vignette)"/>`
const vignetteDefs = (strength = 0.45) =>
  radial(
    'pg-vignette',
    [
      [0.6, '#000', 0],
      [1, '#000', strength],
    ],
    { r: 0.78 },
  )

/** Ground of a flat landscape: fields in parcels running towards a vanishing point. */
function fields(W, H, horizon, rng, { vanishX = 0.5, colors = ['#9fb45a', '#c9b062', '#7d9a4c', '#a98d5e', '#b7c26a'] } = {}) {
  const vx = W * vanishX
  let out = `<rect x="0" y="${fmt(horizon)}" width="${W}" height="${fmt(H - horizon)}" fill="${colors[0]}"/>`
  const edges = [-2.2, -1.2, -0.55, -0.15, 0.2, 0.6, 1.3, 2.4, 3.6]
  for (let i = 0; i < edges.length - 1; i++) {
    const color = colors[i % colors.length]
    out += `<polygon points="${fmt(vx + edges[i] * W * 0.02)},${fmt(horizon)} ${fmt(vx + edges[i + 1] * W * 0.02)},${fmt(horizon)} ${fmt(vx + edges[i + 1] * W)},${H} ${fmt(vx + edges[i] * W)},${H}" fill="${color}"/>`
    // Furrows on every other parcel.
    if (i % 2 === 0) {
      for (let f = 0.15; f < 1; f += 0.17) {
        const e = edges[i] + (edges[i + 1] - edges[i]) * f
        out += `<line x1="${fmt(vx + e * W * 0.02)}" y1="${fmt(horizon)}" x2="${fmt(vx + e * W)}" y2="${H}" stroke="${darken(color, 0.12)}" stroke-width="3" opacity="0.5"/>`
      }
    }
  }
  // Hedges between parcels across the view.
  for (const f of [0.08, 0.22]) {
    const y = horizon + (H - horizon) * f
    out += `<rect x="0" y="${fmt(y)}" width="${W}" height="${fmt(3 + f * 20)}" fill="#5d7440" opacity="0.55"/>`
  }
  return out
}

function treeRow(rng, { x0, x1, baseY, size, color, trunk = '#4d3b2a', gap = 1, kind = 'tree' }) {
  let out = ''
  for (let x = x0; x < x1; x += size * (0.5 + rng() * 0.4) * gap) {
    const sz = size * (0.75 + rng() * 0.4)
    out += kind === 'poplar' ? poplar(x, baseY, sz * 1.5, mix(color, '#000000', rng() * 0.12)) : tree(x, baseY, sz, mix(color, '#000000', rng() * 0.15), trunk)
  }
  return out
}

function cityBochum() {
  const W = 1600
  const H = 900
  const rng = random(101)
  const kind = 'evening'
  const horizon = H * 0.72
  const sky = skyLayer(W, H, horizon, kind, rng, { sunX: 0.6 })
  const base = horizon + 34
  const museum = `<rect x="${W * 0.4}" y="${fmt(base - 120)}" width="${W * 0.34}" height="120" fill="${tone(kind, 0.82)}"/>
<polygon points="${W * 0.4 - 8},${fmt(base - 118)} ${W * 0.45},${fmt(base - 160)} ${W * 0.69},${fmt(base - 160)} ${W * 0.74 + 8},${fmt(base - 118)}" fill="${tone(kind, 0.86)}"/>
${Array.from({ length: 9 }, (_, i) => `<path d="M${fmt(W * 0.415 + i * 58)},${fmt(base - 20)} l0,-62 q14,-20 28,0 l0,62 z" fill="#f2c27a" opacity="0.55"/>`).join('')}`
  const body = `${sky.svg}
${blocks(rng, { x0: -10, x1: W + 10, baseY: horizon, minH: 30, maxH: 110, color: tone(kind, 0.3) })}
${haze(W, horizon, 80)}
${headframe(W * 0.56, base - 110, 1.72, tone(kind, 0.92), { strut: -1, house: false })}
${blocks(rng, { x0: -10, x1: W * 0.38, baseY: base, minH: 90, maxH: 230, color: tone(kind, 0.68), lit: { density: 0.22 } })}
${blocks(rng, { x0: W * 0.76, x1: W + 10, baseY: base, minH: 90, maxH: 210, color: tone(kind, 0.68), lit: { density: 0.22 } })}
${museum}
<rect x="0" y="${fmt(base)}" width="${W}" height="${fmt(H - base)}" fill="${tone(kind, 1)}"/>
${treeRow(rng, { x0: -20, x1: W * 0.36, baseY: base + 24, size: 120, color: '#1f2a2a', trunk: '#15191c' })}
${treeRow(rng, { x0: W * 0.8, x1: W + 40, baseY: base + 24, size: 120, color: '#1f2a2a', trunk: '#15191c' })}
<rect x="0" y="${fmt(base + 24)}" width="${W}" height="8" fill="#f0b070" opacity="0.25"/>
${[0.1, 0.3, 0.5, 0.7, 0.9].map((f) => lamp(W * f, H - 40, 150, '#15121c')).join('')}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + lampDefs() + vignetteDefs())
}

function cityDortmund() {
  const W = 1600
  const H = 900
  const rng = random(102)
  const kind = 'dusk'
  const horizon = H * 0.72
  const sky = skyLayer(W, H, horizon, kind, rng, { sunX: 0.55 })
  const base = horizon + 30
  const body = `${sky.svg}
${blocks(rng, { x0: -10, x1: W + 10, baseY: horizon, minH: 30, maxH: 120, color: tone(kind, 0.35) })}
${haze(W, horizon, 90)}
${tvTower(W * 0.76, base, 1.38, tone(kind, 0.8), { pod: 'florian', height: 440, podY: 330 })}
${blocks(rng, { x0: -10, x1: W * 0.22, baseY: base, minH: 100, maxH: 250, color: tone(kind, 0.72), lit: { density: 0.25 } })}
${blocks(rng, { x0: W * 0.46, x1: W * 0.68, baseY: base, minH: 80, maxH: 190, color: tone(kind, 0.72), lit: { density: 0.25 } })}
${dortmunderU(W * 0.34, base, 1.5, tone(kind, 0.9), '#f0b36a')}
<rect x="0" y="${fmt(base)}" width="${W}" height="${fmt(H - base)}" fill="${tone(kind, 1)}"/>
${treeRow(rng, { x0: W * 0.6, x1: W + 40, baseY: base + 20, size: 130, color: '#1a1a26', trunk: '#110f16' })}
${treeRow(rng, { x0: -30, x1: W * 0.2, baseY: base + 20, size: 130, color: '#1a1a26', trunk: '#110f16' })}
${[0.05, 0.25, 0.45, 0.65, 0.85].map((f) => lamp(W * f, H - 30, 150, '#100d14')).join('')}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + dortmunderUDefs() + lampDefs() + vignetteDefs())
}

/** Gehry's Neuer Zollhof in Düsseldorf: three buildings with curved, leaning outlines. */
function zollhof(x, baseY, s, colors) {
  const shapes = [
    [
      [0, 0, 's'],
      [0, -150],
      [10, -200],
      [-4, -250, 's'],
      [40, -262],
      [84, -240, 's'],
      [96, -180],
      [88, -100],
      [96, 0, 's'],
    ],
    [
      [110, 0, 's'],
      [106, -120],
      [120, -190, 's'],
      [160, -196],
      [200, -188, 's'],
      [210, -110],
      [204, 0, 's'],
    ],
    [
      [220, 0, 's'],
      [224, -160],
      [210, -230, 's'],
      [260, -246],
      [300, -226, 's'],
      [310, -150],
      [302, 0, 's'],
    ],
  ]
  return shapes
    .map((points, i) => {
      const path =
        smoothPath(
          points.map(([px, py, k]) => [x + px * s, baseY + py * s, k]),
          { tension: 0.8 },
        ) + ' Z'
      let windows = ''
      for (let wy = -30; wy > -200; wy -= 26)
        for (let wx = 0; wx < 3; wx++)
          windows += `<rect x="${fmt(x + (points[0][0] + 18 + wx * 24) * s)}" y="${fmt(baseY + wy * s)}" width="${fmt(10 * s)}" height="${fmt(14 * s)}" fill="#2c2a3a" opacity="0.75"/>`
      return `<path d="${path}" fill="${colors[i]}"/>${windows}`
    })
    .join('')
}

function cityDuesseldorf() {
  const W = 1600
  const H = 900
  const rng = random(103)
  const kind = 'evening'
  const horizon = H * 0.6
  const sky = skyLayer(W, H, horizon, kind, rng, { sunX: 0.25 })
  const bank = horizon + 24
  const pylonX = W * 0.88
  const cables = Array.from(
    { length: 8 },
    (_, i) =>
      `<line x1="${fmt(pylonX)}" y1="${fmt(bank - 250 + i * 16)}" x2="${fmt(pylonX - 90 - i * 46)}" y2="${fmt(bank + 6)}"/><line x1="${fmt(pylonX)}" y1="${fmt(bank - 250 + i * 16)}" x2="${fmt(pylonX + 60 + i * 40)}" y2="${fmt(bank + 6)}"/>`,
  ).join('')
  const skyline = `${blocks(rng, { x0: -10, x1: W + 10, baseY: bank - 8, minH: 30, maxH: 100, color: tone(kind, 0.4) })}
${tvTower(W * 0.6, bank, 1.22, tone(kind, 0.85), { pod: 'rhein', height: 430, podY: 300, dots: true })}
${blocks(rng, { x0: W * 0.1, x1: W * 0.36, baseY: bank, minH: 60, maxH: 150, color: tone(kind, 0.7), lit: { density: 0.25 } })}
${zollhof(
  W * 0.38,
  bank,
  1.05,
  ['#d9d2cc', '#8a4a3a', '#b9bcc2'].map((c) => mix(c, tone(kind, 0.6), 0.62)),
)}
<ellipse cx="${W * 0.7}" cy="${fmt(bank)}" rx="90" ry="40" fill="${tone(kind, 0.75)}"/>
<rect x="${W * 0.64}" y="${fmt(bank - 40)}" width="${W * 0.12}" height="40" fill="${tone(kind, 0.75)}"/>
<g stroke="${tone(kind, 0.9)}" stroke-width="2">${cables}</g>
<polygon points="${fmt(pylonX - 8)},${fmt(bank + 6)} ${fmt(pylonX - 3)},${fmt(bank - 270)} ${fmt(pylonX + 3)},${fmt(bank - 270)} ${fmt(pylonX + 8)},${fmt(bank + 6)}" fill="${tone(kind, 0.95)}"/>
<rect x="${W * 0.72}" y="${fmt(bank + 2)}" width="${W * 0.3}" height="10" fill="${tone(kind, 0.95)}"/>
<rect x="0" y="${fmt(bank - 4)}" width="${W}" height="8" fill="${tone(kind, 0.9)}"/>`
  const body = `${sky.svg}
${skyline}
${water(W, bank + 4, H, '#3a3150', rng, skyline)}
<path d="M0,${H - 110} L${W},${H - 150} L${W},${H} L0,${H} Z" fill="#1c1824"/>
<path d="M0,${H - 110} L${W},${H - 150}" stroke="#e9b27a" stroke-width="3" opacity="0.35"/>
${[0.06, 0.26, 0.46, 0.66, 0.86].map((f) => lamp(W * f, H - 100 - f * 40 + 10, 130, '#120f18')).join('')}
<g stroke="#120f18" stroke-width="4">${Array.from({ length: 33 }, (_, i) => `<line x1="${i * 50}" y1="${fmt(H - 110 - i * 1.25)}" x2="${i * 50}" y2="${fmt(H - 140 - i * 1.25)}"/>`).join('')}<line x1="0" y1="${H - 140}" x2="${W}" y2="${H - 180}"/></g>
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + waterDefs('#3a3150') + lampDefs() + vignetteDefs())
}

function cityGelsenkirchen() {
  const W = 1600
  const H = 900
  const rng = random(104)
  const kind = 'dusk'
  const horizon = H * 0.74
  const sky = skyLayer(W, H, horizon, kind, rng, { sunX: 0.2 })
  const base = horizon + 26
  const body = `${sky.svg}
${blocks(rng, { x0: -10, x1: W + 10, baseY: horizon, minH: 30, maxH: 100, color: tone(kind, 0.35) })}
${haze(W, horizon, 80)}
${headframe(W * 0.24, base - 20, 1.62, tone(kind, 0.86), { strut: 1 })}
${stadium(W * 0.67, base, 1.45, tone(kind, 0.78), '#ffe2a0')}
${blocks(rng, { x0: -10, x1: W * 0.12, baseY: base, minH: 80, maxH: 160, color: tone(kind, 0.75), lit: { density: 0.2 } })}
<rect x="0" y="${fmt(base)}" width="${W}" height="${fmt(H - base)}" fill="${tone(kind, 1)}"/>
${treeRow(rng, { x0: W * 0.34, x1: W * 0.44, baseY: base + 16, size: 110, color: '#1a1824', trunk: '#100e14' })}
${treeRow(rng, { x0: W * 0.92, x1: W + 40, baseY: base + 16, size: 120, color: '#1a1824', trunk: '#100e14' })}
${[0.12, 0.37, 0.62, 0.87].map((f) => lamp(W * f, H - 26, 140, '#0f0c13')).join('')}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + stadiumDefs() + lampDefs() + vignetteDefs())
}

function cityOberhausen() {
  const W = 1600
  const H = 900
  const rng = random(105)
  const kind = 'evening'
  const horizon = H * 0.64
  const sky = skyLayer(W, H, horizon, kind, rng, { sunX: 0.78 })
  const bank = horizon + 40
  const gasColor = tone(kind, 0.8)
  const skylineSvg = `${blocks(rng, { x0: -10, x1: W + 10, baseY: horizon, minH: 20, maxH: 80, color: tone(kind, 0.35) })}
${haze(W, horizon, 60)}
${gasometer(W * 0.55, bank, 1.8, 'pg-gas', darken(gasColor, 0.2))}
${blocks(rng, { x0: W * 0.02, x1: W * 0.34, baseY: bank, minH: 50, maxH: 120, color: tone(kind, 0.7), lit: { density: 0.2 } })}
${treeRow(rng, { x0: W * 0.7, x1: W + 40, baseY: bank, size: 110, color: tone(kind, 0.85), trunk: tone(kind, 0.9) })}
${treeRow(rng, { x0: -20, x1: W * 0.4, baseY: bank, size: 80, color: tone(kind, 0.85), trunk: tone(kind, 0.9) })}
<rect x="0" y="${fmt(bank - 4)}" width="${W}" height="8" fill="${tone(kind, 0.9)}"/>`
  const body = `${sky.svg}
${skylineSvg}
${water(W, bank + 4, H, '#3b3552', rng, skylineSvg)}
<path d="M0,${H - 80} C${W * 0.3},${H - 110} ${W * 0.7},${H - 100} ${W},${H - 130} L${W},${H} L0,${H} Z" fill="#1d1a26"/>
${treeRow(rng, { x0: -40, x1: W * 0.14, baseY: H - 70, size: 170, color: '#1a1722', trunk: '#100e14' })}
${vignette(W, H)}`
  const defs =
    sky.defs +
    linear(
      'pg-gas',
      [
        [0, darken(gasColor, 0.25)],
        [0.35, lighten(gasColor, 0.18)],
        [0.7, gasColor],
        [1, darken(gasColor, 0.45)],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ) +
    waterDefs('#3b3552') +
    vignetteDefs()
  return svgDocument(W, H, body, defs)
}

/** A bridge with round arches across the whole picture; deck top at deckY, piers stand at footY. */
function archBridge(W, deckY, footY, color, { span = 230, offset = 40 } = {}) {
  let d = `M0,${fmt(deckY)} L${W},${fmt(deckY)} L${W},${fmt(footY)}`
  for (let x = Math.floor((W - offset) / span) * span + offset; x >= offset - span; x -= span) {
    d += ` L${fmt(x + span - 18)},${fmt(footY)} L${fmt(x + span - 18)},${fmt(footY - 30)} Q${fmt(x + span / 2)},${fmt(deckY + 10)} ${fmt(x + 18)},${fmt(footY - 30)} L${fmt(x + 18)},${fmt(footY)}`
  }
  d += ` L0,${fmt(footY)} Z`
  const railing = Array.from(
    { length: Math.ceil(W / 22) },
    (_, i) => `<rect x="${i * 22}" y="${fmt(deckY - 18)}" width="3" height="18" fill="${color}"/>`,
  ).join('')
  return `<path d="${d}" fill="${color}"/>${railing}<rect x="0" y="${fmt(deckY - 20)}" width="${W}" height="4" fill="${color}"/>
${[0.18, 0.5, 0.82].map((f) => `<rect x="${fmt(W * f)}" y="${fmt(deckY - 80)}" width="5" height="62" fill="${color}"/><circle cx="${fmt(W * f + 2.5)}" cy="${fmt(deckY - 80)}" r="6" fill="#fff1c4"/>`).join('')}`
}

function cityMuelheim() {
  const W = 1600
  const H = 900
  const rng = random(106)
  const kind = 'golden'
  const horizon = H * 0.5
  const sky = skyLayer(W, H, horizon, kind, rng, { sunX: 0.3 })
  const town = horizon + 40
  const houses = Array.from({ length: 18 }, (_, i) => {
    const x = i * 92 - 20 + rng() * 20
    const w = 70 + rng() * 30
    const h = 50 + rng() * 70
    const wall = mix('#d9c3a0', '#b98d6c', rng())
    return `<rect x="${fmt(x)}" y="${fmt(town - h)}" width="${fmt(w)}" height="${fmt(h)}" fill="${mix(wall, SKIES.golden.far, 0.35)}"/><polygon points="${fmt(x - 4)},${fmt(town - h)} ${fmt(x + w / 2)},${fmt(town - h - 34)} ${fmt(x + w + 4)},${fmt(town - h)}" fill="${mix('#8a4b3c', SKIES.golden.far, 0.35)}"/>`
  }).join('')
  const church = `<g fill="${mix('#8f7f74', SKIES.golden.far, 0.3)}"><rect x="${W * 0.62}" y="${fmt(town - 200)}" width="50" height="200"/><polygon points="${W * 0.62 - 4},${fmt(town - 198)} ${W * 0.62 + 25},${fmt(town - 330)} ${W * 0.62 + 54},${fmt(town - 198)}"/><rect x="${W * 0.62 + 50}" y="${fmt(town - 110)}" width="150" height="110"/><polygon points="${W * 0.62 + 48},${fmt(town - 108)} ${W * 0.62 + 80},${fmt(town - 160)} ${W * 0.62 + 200},${fmt(town - 160)} ${W * 0.62 + 200},${fmt(town - 108)}"/></g>`
  const deckY = town + 40
  const footY = town + 120
  const bridge = archBridge(W, deckY, footY, mix('#8c7d70', SKIES.golden.far, 0.2))
  const riverY = town + 100
  const body = `${sky.svg}
<path d="M0,${fmt(horizon + 10)} C${W * 0.3},${fmt(horizon - 60)} ${W * 0.6},${fmt(horizon - 20)} ${W},${fmt(horizon - 70)} L${W},${fmt(town)} L0,${fmt(town)} Z" fill="${mix('#6f8f5a', SKIES.golden.far, 0.45)}"/>
${treeRow(rng, { x0: -10, x1: W + 20, baseY: town - 30, size: 70, color: mix('#55804a', SKIES.golden.far, 0.4), trunk: '#6b5a4a' })}
${houses}${church}
${treeRow(rng, { x0: -10, x1: W + 20, baseY: town + 6, size: 60, color: mix('#4f7a45', SKIES.golden.far, 0.25), trunk: '#6b5a4a', gap: 2.2 })}
${water(W, riverY, H, '#5b86a3', rng, bridge)}
${bridge}
<path d="M0,${fmt(riverY + 60)} C${W * 0.12},${fmt(riverY + 90)} ${W * 0.2},${fmt(H - 100)} ${W * 0.26},${H} L0,${H} Z" fill="#5f8a48"/>
<path d="M${W},${fmt(riverY + 40)} C${W * 0.86},${fmt(riverY + 80)} ${W * 0.74},${fmt(H - 120)} ${W * 0.66},${H} L${W},${H} Z" fill="#5f8a48"/>
<path d="M0,${fmt(riverY + 60)} C${W * 0.12},${fmt(riverY + 90)} ${W * 0.2},${fmt(H - 100)} ${W * 0.26},${H}" stroke="#d9c9a0" stroke-width="8" fill="none" opacity="0.7"/>
<path d="M${W},${fmt(riverY + 40)} C${W * 0.86},${fmt(riverY + 80)} ${W * 0.74},${fmt(H - 120)} ${W * 0.66},${H}" stroke="#d9c9a0" stroke-width="8" fill="none" opacity="0.7"/>
${tree(W * 0.06, H - 60, 260, '#4c7a40', '#5a4634')}${tree(W * 0.9, H - 40, 300, '#44703a', '#5a4634')}${tree(W * 0.97, H - 130, 200, '#53824a', '#5a4634')}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + waterDefs('#5b86a3') + vignetteDefs(0.3))
}

function smallHouses(rng, { x0, x1, baseY, scale = 1, fade = 0, far = SKIES.golden.far }) {
  let out = ''
  let x = x0
  while (x < x1) {
    const w = (56 + rng() * 36) * scale
    const h = (44 + rng() * 40) * scale
    const wall = mix(mix('#e2d3b6', '#a8573f', rng()), far, fade)
    const roof = mix(mix('#5a3a34', '#8a3e32', rng()), far, fade)
    out += `<rect x="${fmt(x)}" y="${fmt(baseY - h)}" width="${fmt(w)}" height="${fmt(h)}" fill="${wall}"/><polygon points="${fmt(x - 3)},${fmt(baseY - h)} ${fmt(x + w / 2)},${fmt(baseY - h - w * 0.55)} ${fmt(x + w + 3)},${fmt(baseY - h)}" fill="${roof}"/>`
    for (let i = 0; i < 2; i++)
      out += `<rect x="${fmt(x + w * (0.2 + i * 0.42))}" y="${fmt(baseY - h * 0.7)}" width="${fmt(w * 0.16)}" height="${fmt(h * 0.26)}" fill="${mix('#3d4a55', far, fade)}"/>`
    x += w + (4 + rng() * 30) * scale
  }
  return out
}

function cityXanten() {
  const W = 1600
  const H = 900
  const rng = random(107)
  const kind = 'golden'
  const horizon = H * 0.66
  const sky = skyLayer(W, H, horizon, kind, rng, { sunX: 0.5 })
  const base = horizon + 10
  const body = `${sky.svg}
<path d="M0,${fmt(horizon)} C${W * 0.2},${fmt(horizon - 36)} ${W * 0.4},${fmt(horizon - 30)} ${W * 0.55},${fmt(horizon - 10)} L${W},${fmt(horizon)} L${W},${fmt(base)} L0,${fmt(base)} Z" fill="${tone(kind, 0.2)}"/>
${treeRow(rng, { x0: -10, x1: W + 20, baseY: base, size: 60, color: mix('#6a8a5a', SKIES.golden.far, 0.5), trunk: '#7a6a5a', gap: 1.2 })}
${xantenDom(W * 0.2, base, 1.42, mix('#8a6e5c', SKIES.golden.far, 0.15), mix('#3b3f52', SKIES.golden.far, 0.2))}
${smallHouses(rng, { x0: W * 0.02, x1: W * 0.14, baseY: base + 6, fade: 0.15 })}
${smallHouses(rng, { x0: W * 0.5, x1: W * 0.72, baseY: base + 6, fade: 0.15 })}
${windmill(W * 0.81, base + 6, 1.55, '#6d5a4e', { angle: 22, sailColor: '#5a4a40' })}
${smallHouses(rng, { x0: W * 0.88, x1: W + 20, baseY: base + 6, fade: 0.15 })}
${fields(W, H, base + 6, rng, { vanishX: 0.45 })}
${treeRow(rng, { x0: W * 0.62, x1: W * 0.74, baseY: base + 30, size: 90, color: '#557a3f' })}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + vignetteDefs(0.3))
}

function citySonsbeck() {
  const W = 1600
  const H = 900
  const rng = random(108)
  const kind = 'golden'
  const horizon = H * 0.56
  const sky = skyLayer(W, H, horizon, kind, rng, { sunX: 0.72 })
  const bales = Array.from({ length: 7 }, (_, i) => {
    const x = W * (0.55 + i * 0.06) + rng() * 20
    const y = horizon + 90 + i * 22
    const r = 14 + i * 3
    return `<ellipse cx="${fmt(x)}" cy="${fmt(y)}" rx="${fmt(r * 1.2)}" ry="${fmt(r)}" fill="#d8b25e"/><ellipse cx="${fmt(x - r * 0.4)}" cy="${fmt(y)}" rx="${fmt(r * 0.55)}" ry="${fmt(r * 0.8)}" fill="#c49a48" stroke="#a88238" stroke-width="2"/>`
  }).join('')
  const body = `${sky.svg}
<path d="M0,${fmt(horizon)} C${W * 0.1},${fmt(horizon - 70)} ${W * 0.3},${fmt(horizon - 90)} ${W * 0.45},${fmt(horizon - 40)} S${W * 0.7},${fmt(horizon - 20)} ${W},${fmt(horizon - 10)} L${W},${fmt(horizon + 2)} L0,${fmt(horizon + 2)} Z" fill="${mix('#5b7a4a', SKIES.golden.far, 0.55)}"/>
${treeRow(rng, { x0: 0, x1: W * 0.45, baseY: horizon - 30, size: 50, color: mix('#4f6f42', SKIES.golden.far, 0.45), gap: 0.8 })}
${farmhouse(W * 0.6, horizon + 12, 0.85)}
${treeRow(rng, { x0: W * 0.54, x1: W * 0.59, baseY: horizon + 12, size: 120, color: '#55774a' })}
${treeRow(rng, { x0: W * 0.78, x1: W * 0.98, baseY: horizon + 10, size: 100, color: '#5a7d48', kind: 'poplar', gap: 0.9 })}
${fields(W, H, horizon + 10, rng, { vanishX: 0.35, colors: ['#a8b85c', '#d2b666', '#b39268', '#7f9e4e', '#c6c672'] })}
${farmhouse(W * 0.08, horizon + 150, 1.5)}
${treeRow(rng, { x0: W * 0.36, x1: W * 0.42, baseY: horizon + 150, size: 220, color: '#4d7440' })}
${bales}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + vignetteDefs(0.3))
}

function cityUedem() {
  const W = 1600
  const H = 900
  const rng = random(109)
  const kind = 'golden'
  const horizon = H * 0.6
  const sky = skyLayer(W, H, horizon, kind, rng, { sunX: 0.25 })
  const base = horizon + 20
  const body = `${sky.svg}
${treeRow(rng, { x0: -10, x1: W + 20, baseY: horizon + 4, size: 56, color: mix('#5f7f4e', SKIES.golden.far, 0.5), gap: 1 })}
${smallHouses(rng, { x0: W * 0.22, x1: W * 0.42, baseY: base + 4, scale: 1.1 })}
${villageChurch(W * 0.5, base, 1.5, '#a4553f', '#4a3a3a', '#2f3b47')}
${smallHouses(rng, { x0: W * 0.78, x1: W * 0.96, baseY: base + 4, scale: 1.1 })}
${tree(W * 0.45, base + 4, 130, '#5a7d48', '#5a4634')}${tree(W * 0.76, base + 4, 150, '#4f7442', '#5a4634')}
${fields(W, H, base + 4, rng, { vanishX: 0.55, colors: ['#9fb45a', '#c9b062', '#a98d5e', '#7d9a4c', '#b7c26a'] })}
${treeRow(rng, { x0: W * 0.02, x1: W * 0.14, baseY: base + 80, size: 170, color: '#4c7240' })}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + vignetteDefs(0.3))
}

/** A Prinzipalmarkt house: sandstone front, curved or stepped gable, arcade on the ground floor. */
function gabledHouse(x, baseY, w, h, { wall, trim, stepped = false, rng }) {
  const eave = baseY - h
  const gableH = w * 0.95
  let gable
  if (stepped) {
    const steps = 4
    gable = `M${fmt(x)},${fmt(eave)}`
    for (let i = 0; i < steps; i++) {
      const sx = x + (w / 2 / (steps + 0.5)) * i
      const sy = eave - (gableH / steps) * i
      gable += ` L${fmt(sx)},${fmt(sy - gableH / steps)} L${fmt(sx + w / 2 / (steps + 0.5))},${fmt(sy - gableH / steps)}`
    }
    gable += ` L${fmt(x + w / 2)},${fmt(eave - gableH - 16)}`
    for (let i = steps - 1; i >= 0; i--) {
      const sx = x + w - (w / 2 / (steps + 0.5)) * i
      const sy = eave - (gableH / steps) * i
      gable += ` L${fmt(sx - w / 2 / (steps + 0.5))},${fmt(sy - gableH / steps)} L${fmt(sx)},${fmt(sy - gableH / steps)}`
    }
    gable += ` L${fmt(x + w)},${fmt(eave)} Z`
  } else {
    gable = `M${fmt(x)},${fmt(eave)} C${fmt(x)},${fmt(eave - gableH * 0.3)} ${fmt(x + w * 0.2)},${fmt(eave - gableH * 0.3)} ${fmt(x + w * 0.22)},${fmt(eave - gableH * 0.45)} L${fmt(x + w * 0.3)},${fmt(eave - gableH * 0.8)} Q${fmt(x + w / 2)},${fmt(eave - gableH * 1.1)} ${fmt(x + w * 0.7)},${fmt(eave - gableH * 0.8)} L${fmt(x + w * 0.78)},${fmt(eave - gableH * 0.45)} C${fmt(x + w * 0.8)},${fmt(eave - gableH * 0.3)} ${fmt(x + w)},${fmt(eave - gableH * 0.3)} ${fmt(x + w)},${fmt(eave)} Z`
  }
  const arcadeH = 120
  let windows = ''
  const cols = 3
  for (let y = eave + 20; y < baseY - arcadeH - 60; y += 76) {
    for (let c = 0; c < cols; c++) {
      const wx = x + w * 0.14 + c * ((w * 0.72) / cols) + 4
      const ww = (w * 0.72) / cols - 12
      windows += `<rect x="${fmt(wx - 3)}" y="${fmt(y - 3)}" width="${fmt(ww + 6)}" height="56" fill="${trim}"/><rect x="${fmt(wx)}" y="${fmt(y)}" width="${fmt(ww)}" height="50" fill="${rng() > 0.8 ? '#e9c98a' : '#3e4c5c'}"/><rect x="${fmt(wx + ww / 2 - 1)}" y="${fmt(y)}" width="2" height="50" fill="${trim}"/>`
    }
  }
  windows += `<rect x="${fmt(x + w * 0.38)}" y="${fmt(eave - gableH * 0.55)}" width="${fmt(w * 0.24)}" height="${fmt(gableH * 0.3)}" fill="${trim}"/><rect x="${fmt(x + w * 0.41)}" y="${fmt(eave - gableH * 0.52)}" width="${fmt(w * 0.18)}" height="${fmt(gableH * 0.24)}" fill="#3e4c5c"/>`
  const arches = [0, 1]
    .map((i) => {
      const ax = x + 10 + i * (w / 2)
      const aw = w / 2 - 20
      return `<path d="M${fmt(ax)},${fmt(baseY)} L${fmt(ax)},${fmt(baseY - arcadeH + aw / 2)} A${fmt(aw / 2)},${fmt(aw / 2)} 0 0 1 ${fmt(ax + aw)},${fmt(baseY - arcadeH + aw / 2)} L${fmt(ax + aw)},${fmt(baseY)} Z" fill="#2e2a2a"/><rect x="${fmt(ax + 8)}" y="${fmt(baseY - 70)}" width="${fmt(aw - 16)}" height="60" fill="#f3c77c" opacity="0.55"/>`
    })
    .join('')
  return `<rect x="${fmt(x)}" y="${fmt(eave)}" width="${fmt(w)}" height="${fmt(h)}" fill="${wall}"/><path d="${gable}" fill="${wall}"/>
<rect x="${fmt(x)}" y="${fmt(eave - 4)}" width="${fmt(w)}" height="6" fill="${trim}"/><rect x="${fmt(x)}" y="${fmt(baseY - arcadeH - 6)}" width="${fmt(w)}" height="6" fill="${trim}"/>
<circle cx="${fmt(x + w / 2)}" cy="${fmt(eave - gableH * (stepped ? 1 : 1.02) - 18)}" r="6" fill="${trim}"/>
${windows}${arches}<rect x="${fmt(x - 1)}" y="${fmt(eave - 2)}" width="3" height="${fmt(h + 2)}" fill="${darken(wall, 0.2)}"/>`
}

function cityMuenster() {
  const W = 1600
  const H = 900
  const rng = random(110)
  const kind = 'golden'
  const horizon = H * 0.8
  const sky = skyLayer(W, H, horizon, kind, rng, { sunX: 0.85, sunY: H * 0.3 })
  const walls = ['#e3d3b0', '#d6be93', '#e8dcc2', '#cfb58c', '#dcc8a2']
  let houses = ''
  let x = -30
  let i = 0
  while (x < W) {
    const w = 150 + rng() * 50
    houses += gabledHouse(x, horizon, w, 300 + rng() * 70, {
      wall: walls[i % walls.length],
      trim: darken(walls[i % walls.length], 0.18),
      stepped: i % 3 === 1,
      rng,
    })
    x += w
    i++
  }
  // St. Lamberti's openwork spire behind the houses.
  const lx = W * 0.36
  const lamberti = `<g fill="${mix('#8c7f72', SKIES.golden.far, 0.45)}"><rect x="${fmt(lx - 40)}" y="${fmt(horizon - 560)}" width="80" height="300"/><rect x="${fmt(lx - 46)}" y="${fmt(horizon - 566)}" width="92" height="10"/><polygon points="${fmt(lx - 40)},${fmt(horizon - 560)} ${fmt(lx)},${fmt(horizon - 770)} ${fmt(lx + 40)},${fmt(horizon - 560)}"/><rect x="${fmt(lx - 1.5)}" y="${fmt(horizon - 800)}" width="3" height="32"/></g>
${Array.from({ length: 4 }, (_, k) => `<path d="M${fmt(lx - 14 + k * 3)},${fmt(horizon - 580 - k * 44)} l${fmt(14 - k * 3)},-28 l${fmt(14 - k * 3)},28 z" fill="${mix('#dfe8f0', SKIES.golden.far, 0.2)}" opacity="0.7"/>`).join('')}
${[-22, 8].map((dx) => `<path d="M${fmt(lx + dx)},${fmt(horizon - 470)} l0,-60 q7,-14 14,0 l0,60 z" fill="#4a4e5a"/>`).join('')}
${[-26, -6, 14].map((dx) => `<rect x="${fmt(lx + dx)}" y="${fmt(horizon - 540)}" width="12" height="18" fill="#3a3a40"/>`).join('')}`
  const bikes = Array.from({ length: 9 }, (_, k) =>
    bicycle(W * 0.05 + k * 172 + rng() * 24, H - 26 + (k % 2) * 10, 2.5, ['#1d2a3a', '#7a1f24', '#2f4d3a', '#2a2a2e', '#3c5f8a'][k % 5], {
      mirror: k % 3 === 0,
    }),
  ).join('')
  const body = `${sky.svg}${lamberti}${houses}
<rect x="0" y="${fmt(horizon)}" width="${W}" height="${fmt(H - horizon)}" fill="#9a9088"/>
${Array.from({ length: 40 }, (_, k) => `<line x1="${k * 42}" y1="${fmt(horizon)}" x2="${k * 42 - 30}" y2="${H}" stroke="#857b73" stroke-width="2"/>`).join('')}
${Array.from({ length: 5 }, (_, k) => `<line x1="0" y1="${fmt(horizon + 14 + k * 30)}" x2="${W}" y2="${fmt(horizon + 14 + k * 30)}" stroke="#857b73" stroke-width="2"/>`).join('')}
<rect x="0" y="${fmt(horizon)}" width="${W}" height="10" fill="#6e655e"/>
${bikes}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + vignetteDefs(0.3))
}

// --- Topic pictures: one car in front of a place --------------------------------------------

/** Xanten's city wall with the Klever Tor gate tower. */
function cityWall(W, baseY, rng, { gateX }) {
  const wallTop = baseY - 230
  let bricks = ''
  for (let y = wallTop + 18; y < baseY; y += 18) {
    for (let x = (y / 18) % 2 ? 0 : 22; x < W; x += 44)
      bricks += `<rect x="${fmt(x + rng() * 4)}" y="${fmt(y)}" width="40" height="2" fill="#6a3428" opacity="0.35"/>`
  }
  const merlons = Array.from(
    { length: Math.ceil(W / 56) },
    (_, i) => `<rect x="${i * 56}" y="${fmt(wallTop - 26)}" width="32" height="28" fill="#9a5a44"/>`,
  ).join('')
  const g = gateX
  const gate = `<rect x="${fmt(g - 140)}" y="${fmt(baseY - 440)}" width="280" height="440" fill="#a3624a"/>
<polygon points="${fmt(g - 156)},${fmt(baseY - 436)} ${fmt(g)},${fmt(baseY - 620)} ${fmt(g + 156)},${fmt(baseY - 436)}" fill="#4e3a38"/>
<rect x="${fmt(g - 150)}" y="${fmt(baseY - 446)}" width="300" height="14" fill="#8b4f3c"/>
<path d="M${fmt(g - 62)},${fmt(baseY)} L${fmt(g - 62)},${fmt(baseY - 150)} A62,62 0 0 1 ${fmt(g + 62)},${fmt(baseY - 150)} L${fmt(g + 62)},${fmt(baseY)} Z" fill="#2b2224"/>
<path d="M${fmt(g - 70)},${fmt(baseY - 150)} A70,70 0 0 1 ${fmt(g + 70)},${fmt(baseY - 150)}" fill="none" stroke="#c9a68a" stroke-width="8"/>
${[-80, 80].map((dx) => `<path d="M${fmt(g + dx - 14)},${fmt(baseY - 300)} l0,-50 q14,-22 28,0 l0,50 z" fill="#2f2a30"/>`).join('')}
<path d="M${fmt(g - 14)},${fmt(baseY - 360)} l0,-40 q14,-20 28,0 l0,40 z" fill="#2f2a30"/>`
  return `<rect x="0" y="${fmt(wallTop)}" width="${W}" height="${fmt(baseY - wallTop)}" fill="#a3624a"/>${bricks}${merlons}${gate}
<rect x="0" y="${fmt(baseY - 12)}" width="${W}" height="12" fill="#7a4636"/>`
}

function topicBmw() {
  const W = 1600
  const H = 900
  const rng = random(201)
  const horizon = H * 0.74
  const sky = skyLayer(W, H, horizon, 'golden', rng, { sunX: 0.2 })
  const groundY = H * 0.92
  const c = placedCar('tc', { type: 'sedan', color: '#1f3a66', x: W * 0.08, groundY, width: W * 0.6 })
  const body = `${sky.svg}
${treeRow(rng, { x0: -20, x1: W + 20, baseY: horizon - 180, size: 140, color: '#5a7d48' })}
${cityWall(W, horizon, rng, { gateX: W * 0.78 })}
<rect x="0" y="${fmt(horizon)}" width="${W}" height="${fmt(H - horizon)}" fill="#8f8780"/>
${Array.from({ length: 30 }, (_, i) => `<rect x="${i * 56}" y="${fmt(horizon + 24)}" width="54" height="2" fill="#7a726b"/>`).join('')}
<rect x="0" y="${fmt(horizon + 40)}" width="${W}" height="${fmt(H - horizon - 40)}" fill="#5e5f63"/>
${c.svg}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + c.defs + vignetteDefs(0.35))
}

function topicMercedes() {
  const W = 1600
  const H = 900
  const rng = random(202)
  const horizon = H * 0.56
  const sky = skyLayer(W, H, horizon, 'golden', rng, { sunX: 0.75 })
  const roadTop = H * 0.74
  const groundY = H * 0.93
  const c = placedCar('tc', { type: 'sedan', color: '#b9bfc6', x: W * 0.2, groundY, width: W * 0.62, mirror: true })
  const body = `${sky.svg}
<path d="M0,${fmt(horizon)} C${W * 0.3},${fmt(horizon - 60)} ${W * 0.5},${fmt(horizon - 60)} ${W * 0.7},${fmt(horizon - 20)} L${W},${fmt(horizon)} L0,${fmt(horizon + 2)} Z" fill="${mix('#5b7a4a', SKIES.golden.far, 0.55)}"/>
${farmhouse(W * 0.62, horizon + 6, 0.6)}
${fields(W, roadTop, horizon, rng, { vanishX: 0.3, colors: ['#c9b062', '#9fb45a', '#d2b666', '#7d9a4c'] })}
${treeRow(rng, { x0: -20, x1: W + 40, baseY: roadTop + 6, size: 210, color: '#4f7a42', gap: 2.2 })}
<rect x="0" y="${fmt(roadTop)}" width="${W}" height="14" fill="#7a9a52"/>
<rect x="0" y="${fmt(roadTop + 14)}" width="${W}" height="${fmt(H - roadTop - 14)}" fill="#55585c"/>
<rect x="0" y="${fmt(roadTop + 22)}" width="${W}" height="5" fill="#eeeee6" opacity="0.8"/>
${Array.from({ length: 9 }, (_, i) => `<rect x="${i * 200 - 20}" y="${H - 30}" width="110" height="8" fill="#f2f2ee" opacity="0.8"/>`).join('')}
${c.svg}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + c.defs + vignetteDefs(0.3))
}

function topicAudi() {
  const W = 1600
  const H = 900
  const rng = random(203)
  const horizon = H * 0.58
  const sky = skyLayer(W, H, horizon, 'day', rng)
  const roadTop = H * 0.76
  const groundY = H * 0.93
  const c = placedCar('tc', { type: 'estate', color: '#767c83', x: W * 0.16, groundY, width: W * 0.64 })
  const tulips = ['#c9b062', '#7d9a4c', '#c8503f', '#a7bc5e']
  const body = `${sky.svg}
${treeRow(rng, { x0: W * 0.02, x1: W * 0.3, baseY: horizon + 4, size: 60, color: '#7d9a6a', kind: 'poplar', gap: 0.7 })}
${windmill(W * 0.74, horizon + 6, 0.9, '#4e4a4a', { angle: 38, sailColor: '#5a5252' })}
${farmhouse(W * 0.52, horizon + 6, 0.5, { barn: true })}
<rect x="0" y="${fmt(horizon + 4)}" width="${W}" height="${fmt(roadTop - horizon)}" fill="#8fb060"/>
${tulips.map((color, i) => `<polygon points="0,${fmt(horizon + 14 + i * 26)} ${W},${fmt(horizon + 10 + i * 26)} ${W},${fmt(horizon + 28 + i * 26)} 0,${fmt(horizon + 34 + i * 26)}" fill="${color}" opacity="0.85"/>`).join('')}
<rect x="0" y="${fmt(roadTop - 48)}" width="${W}" height="26" fill="#5d8fb0"/><rect x="0" y="${fmt(roadTop - 48)}" width="${W}" height="3" fill="#dbe9f2" opacity="0.7"/>
<rect x="0" y="${fmt(roadTop - 22)}" width="${W}" height="22" fill="#7fa356"/>
<rect x="0" y="${fmt(roadTop)}" width="${W}" height="${fmt(H - roadTop)}" fill="#5b5e62"/>
${Array.from({ length: 9 }, (_, i) => `<rect x="${i * 200 - 20}" y="${H - 30}" width="110" height="8" fill="#f2f2ee" opacity="0.8"/>`).join('')}
${c.svg}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + c.defs + vignetteDefs(0.25))
}

function topicStudents() {
  const W = 1600
  const H = 900
  const rng = random(204)
  const horizon = H * 0.7
  const sky = skyLayer(W, H, horizon, 'day', rng)
  const groundY = H * 0.94
  const c = placedCar('tc', { type: 'hatch', color: '#b3222c', x: W * 0.42, groundY, width: W * 0.56 })
  const hx = W * 0.08
  const hw = W * 0.84
  const top = horizon - 420
  let panes = ''
  for (let x = hx + 30; x < hx + hw - 40; x += 64)
    panes += `<rect x="${fmt(x)}" y="${fmt(top + 90)}" width="56" height="${fmt(horizon - top - 200)}" fill="url(#pg-glass)"/>`
  const hall = `<rect x="${fmt(hx)}" y="${fmt(top)}" width="${fmt(hw)}" height="${fmt(horizon - top)}" fill="#d3d0c8"/>
<rect x="${fmt(hx - 20)}" y="${fmt(top - 20)}" width="${fmt(hw + 40)}" height="60" fill="#b7b3aa"/>
<path d="M${fmt(hx + hw * 0.25)},${fmt(top - 20)} Q${fmt(hx + hw * 0.5)},${fmt(top - 130)} ${fmt(hx + hw * 0.75)},${fmt(top - 20)} Z" fill="#a9b4bd"/>
${panes}
<rect x="${fmt(hx)}" y="${fmt(horizon - 110)}" width="${fmt(hw)}" height="110" fill="#bdb9b0"/>
${Array.from({ length: 12 }, (_, i) => `<rect x="${fmt(hx + 40 + i * ((hw - 80) / 11) - 10)}" y="${fmt(horizon - 110)}" width="20" height="110" fill="#e2dfd8"/>`).join('')}
<rect x="${fmt(hx + hw * 0.4)}" y="${fmt(horizon - 100)}" width="${fmt(hw * 0.2)}" height="100" fill="#2e3a46"/>
${Array.from({ length: 4 }, (_, i) => `<rect x="${fmt(hx + hw * 0.36 - i * 20)}" y="${fmt(horizon + i * 10)}" width="${fmt(hw * 0.28 + i * 40)}" height="10" fill="${i % 2 ? '#b7b3aa' : '#c9c5bc'}"/>`).join('')}`
  const rack = `<rect x="${W * 0.03}" y="${fmt(groundY - 50)}" width="${W * 0.36}" height="5" fill="#8a9096"/>`
  const bikes = Array.from({ length: 5 }, (_, i) =>
    bicycle(W * 0.06 + i * 112, groundY - 4, 2.1, ['#1d2a3a', '#7a1f24', '#2f4d3a', '#3c5f8a', '#6a5a3a'][i % 5], { mirror: i % 2 === 0 }),
  ).join('')
  const body = `${sky.svg}
${treeRow(rng, { x0: -20, x1: W + 20, baseY: horizon, size: 160, color: '#5f8a4e' })}
${hall}
<rect x="0" y="${fmt(horizon + 40)}" width="${W}" height="${fmt(H - horizon - 40)}" fill="#a9a59d"/>
${Array.from({ length: 24 }, (_, i) => `<line x1="${i * 70}" y1="${fmt(horizon + 40)}" x2="${i * 70 - 40}" y2="${H}" stroke="#98948c" stroke-width="2"/>`).join('')}
${tree(W * 0.04, horizon + 50, 260, '#4f7a42', '#5a4634')}${tree(W * 0.96, horizon + 50, 240, '#55804a', '#5a4634')}
${rack}${bikes}
${c.svg}
${vignette(W, H)}`
  return svgDocument(
    W,
    H,
    body,
    sky.defs +
      c.defs +
      linear('pg-glass', [
        [0, '#9fc3dc'],
        [1, '#3e5a72'],
      ]) +
      vignetteDefs(0.25),
  )
}

function topicUsedCars() {
  const W = 1600
  const H = 900
  const rng = random(205)
  const horizon = H * 0.56
  const sky = skyLayer(W, H, horizon, 'golden', rng, { sunX: 0.7 })
  let defs = sky.defs
  let cars = ''
  const add = (id, spec) => {
    const c = placedCar(id, spec)
    defs += c.defs
    cars += c.svg
  }
  const back = [
    ['suv', '#eef0f2'],
    ['hatch', '#24508c'],
    ['estate', '#1b1e23'],
    ['sedan', '#a8202a'],
  ]
  back.forEach(([type, color], i) => add(`b${i}`, { type, color, x: -40 + i * 420, groundY: H * 0.73, width: 440, mirror: true }))
  const front = [
    ['sedan', '#767c83'],
    ['hatch', '#d3651f'],
    ['suv', '#2f5d50'],
  ]
  front.forEach(([type, color], i) => add(`f${i}`, { type, color, x: -120 + i * 600, groundY: H * 0.97, width: 620 }))
  const tags = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="${fmt(-40 + i * 420 + 210)}" y="${fmt(H * 0.73 - 120)}" width="34" height="22" fill="#f7f4e8"/><rect x="${fmt(-40 + i * 420 + 214)}" y="${fmt(H * 0.73 - 113)}" width="24" height="3" fill="#c8102e"/>`,
    )
    .join('')
  const flags = [0.06, 0.5, 0.94]
    .map(
      (f) =>
        `<rect x="${fmt(W * f)}" y="${fmt(horizon - 180)}" width="5" height="230" fill="#9aa1a8"/><path d="M${fmt(W * f + 5)},${fmt(horizon - 178)} q34,-8 68,4 q-34,12 -68,44 z" fill="#c8102e"/>`,
    )
    .join('')
  const body = `${sky.svg}
${xantenDom(W * 0.36, horizon + 10, 0.9, mix('#8a6e5c', SKIES.golden.far, 0.45), mix('#3b3f52', SKIES.golden.far, 0.45))}
${windmill(W * 0.82, horizon + 10, 0.7, mix('#6d5a4e', SKIES.golden.far, 0.4))}
${treeRow(rng, { x0: -20, x1: W + 20, baseY: horizon + 40, size: 80, color: '#6a8f55', gap: 1.1 })}
${flags}
<rect x="0" y="${fmt(horizon + 30)}" width="${W}" height="4" fill="#8b9096"/>
${Array.from({ length: 40 }, (_, i) => `<rect x="${i * 42}" y="${fmt(horizon + 30)}" width="3" height="30" fill="#8b9096"/>`).join('')}
<rect x="0" y="${fmt(horizon + 60)}" width="${W}" height="${fmt(H - horizon - 60)}" fill="#8e8e88"/>
${Array.from({ length: 9 }, (_, i) => `<polygon points="${i * 200 - 100},${H} ${i * 200 - 90},${H} ${i * 200 + 10},${fmt(horizon + 60)} ${i * 200 + 6},${fmt(horizon + 60)}" fill="#f4f4f0" opacity="0.45"/>`).join('')}
${cars}${tags}
${vignette(W, H)}`
  return svgDocument(W, H, body, defs + vignetteDefs(0.3))
}

function containerCrane(x, baseY, s, color) {
  const p = (px, py) => `${fmt(x + px * s)},${fmt(baseY + py * s)}`
  return `<g fill="${color}" stroke="${color}" stroke-width="${fmt(4 * s)}">
<polygon points="${p(-60, 0)} ${p(-50, -250)} ${p(-40, -250)} ${p(-48, 0)}"/><polygon points="${p(60, 0)} ${p(50, -250)} ${p(40, -250)} ${p(48, 0)}"/>
<rect x="${fmt(x - 60 * s)}" y="${fmt(baseY - 120 * s)}" width="${fmt(120 * s)}" height="${fmt(10 * s)}"/>
<rect x="${fmt(x - 140 * s)}" y="${fmt(baseY - 262 * s)}" width="${fmt(380 * s)}" height="${fmt(16 * s)}"/>
<polyline points="${p(-45, -250)} ${p(0, -330)} ${p(45, -250)}" fill="none"/>
<line x1="${fmt(x)}" y1="${fmt(baseY - 330 * s)}" x2="${fmt(x + 230 * s)}" y2="${fmt(baseY - 262 * s)}"/>
<line x1="${fmt(x)}" y1="${fmt(baseY - 330 * s)}" x2="${fmt(x - 130 * s)}" y2="${fmt(baseY - 262 * s)}"/>
<rect x="${fmt(x + 90 * s)}" y="${fmt(baseY - 246 * s)}" width="${fmt(30 * s)}" height="${fmt(20 * s)}"/>
<line x1="${fmt(x + 105 * s)}" y1="${fmt(baseY - 226 * s)}" x2="${fmt(x + 105 * s)}" y2="${fmt(baseY - 150 * s)}" stroke-width="${fmt(2 * s)}"/>
</g>`
}

function containers(rng, x0, x1, baseY, size, fade) {
  const colors = ['#b0413e', '#2f5d8a', '#d38b2c', '#3f7a5a', '#8a8f96', '#6b3f6e']
  let out = ''
  for (let x = x0; x < x1; x += size * 2.05) {
    const n = 1 + Math.floor(rng() * 4)
    for (let k = 0; k < n; k++) {
      const c = mix(colors[Math.floor(rng() * colors.length)], fade[0], fade[1])
      out += `<rect x="${fmt(x)}" y="${fmt(baseY - (k + 1) * size)}" width="${fmt(size * 2)}" height="${fmt(size - 1)}" fill="${c}"/>`
      for (let r = 1; r < 8; r++)
        out += `<rect x="${fmt(x + (size * 2 * r) / 8)}" y="${fmt(baseY - (k + 1) * size + 2)}" width="1.5" height="${fmt(size - 5)}" fill="#000" opacity="0.2"/>`
    }
  }
  return out
}

function topicExport() {
  const W = 1600
  const H = 900
  const rng = random(206)
  const kind = 'evening'
  const horizon = H * 0.62
  const sky = skyLayer(W, H, horizon, kind, rng, { sunX: 0.62 })
  const groundY = H * 0.93
  const truck = transporterTruck('tt', {
    cab: '#e4e7ea',
    lights: true,
    load: [
      { type: 'sedan', color: '#1b1e23', deck: 'upper', x: 50 },
      { type: 'hatch', color: '#24508c', deck: 'upper', x: 640 },
      { type: 'suv', color: '#eef0f2', deck: 'upper', x: 1220, width: 520 },
      { type: 'estate', color: '#a8202a', deck: 'lower', x: 60 },
      { type: 'sedan', color: '#b9bfc6', deck: 'lower', x: 620 },
      { type: 'hatch', color: '#2f5d50', deck: 'lower', x: 1160 },
    ],
  })
  const ship = `<path d="M${W * 0.05},${fmt(horizon + 26)} L${W * 0.08},${fmt(horizon + 56)} L${W * 0.46},${fmt(horizon + 56)} L${W * 0.48},${fmt(horizon + 26)} Z" fill="${tone(kind, 0.75)}"/>
<rect x="${W * 0.09}" y="${fmt(horizon - 20)}" width="60" height="46" fill="${tone(kind, 0.7)}"/><rect x="${W * 0.105}" y="${fmt(horizon - 44)}" width="14" height="24" fill="${tone(kind, 0.7)}"/>
${containers(rng, W * 0.15, W * 0.45, horizon + 26, 18, [tone(kind, 0.5), 0.45])}`
  const body = `${sky.svg}
${blocks(rng, { x0: -10, x1: W + 10, baseY: horizon, minH: 20, maxH: 60, color: tone(kind, 0.35) })}
${containerCrane(W * 0.56, horizon + 30, 1.15, tone(kind, 0.75))}${containerCrane(W * 0.76, horizon + 30, 1.3, tone(kind, 0.78))}${containerCrane(W * 0.93, horizon + 30, 1.1, tone(kind, 0.75))}
${ship}
<rect x="0" y="${fmt(horizon + 30)}" width="${W}" height="30" fill="#4a4060"/>
${containers(rng, W * 0.5, W + 20, horizon + 70, 26, [tone(kind, 0.6), 0.3])}
<rect x="0" y="${fmt(horizon + 70)}" width="${W}" height="${fmt(H - horizon - 70)}" fill="#2b2632"/>
<rect x="0" y="${fmt(horizon + 70)}" width="${W}" height="4" fill="#f3a35b" opacity="0.35"/>
${Array.from({ length: 9 }, (_, i) => `<rect x="${i * 200 - 20}" y="${H - 26}" width="110" height="8" fill="#e8d8c0" opacity="0.55"/>`).join('')}
${placeLocal(truck.svg, { x: W * 0.015, groundY, scale: 0.64 })}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + truck.defs + vignetteDefs(0.4))
}

function topicWholesale() {
  const W = 1600
  const H = 900
  const floorY = H * 0.56
  let defs = [
    linear('wh-wall', [
      [0, '#3a4350'],
      [1, '#5a6470'],
    ]),
    linear('wh-floor', [
      [0, '#7d838a'],
      [1, '#3e434a'],
    ]),
    linear('wh-door', [
      [0, '#9aa4ae'],
      [1, '#6e7882'],
    ]),
    linear('wh-sky', [
      [0, '#cfe3f4'],
      [1, '#f3f6f9'],
    ]),
    radial('wh-light', [
      [0, '#fff6dc', 0.45],
      [1, '#fff6dc', 0],
    ]),
    vignetteDefs(0.4),
  ].join('')
  const trusses = Array.from({ length: 6 }, (_, i) => {
    const y = 20 + i * 36
    return `<rect x="0" y="${y}" width="${W}" height="8" fill="#2b323b"/>${Array.from({ length: 40 }, (_, k) => `<line x1="${k * 40}" y1="${y + 8}" x2="${k * 40 + 20}" y2="${y + 28}" stroke="#2b323b" stroke-width="3"/><line x1="${k * 40 + 20}" y1="${y + 28}" x2="${k * 40 + 40}" y2="${y + 8}" stroke="#2b323b" stroke-width="3"/>`).join('')}<rect x="0" y="${y + 26}" width="${W}" height="4" fill="#2b323b"/>`
  }).join('')
  const skylights = [0.2, 0.5, 0.8].map((f) => `<rect x="${fmt(W * f - 150)}" y="0" width="300" height="20" fill="url(#wh-sky)"/>`).join('')
  const doors = [0.12, 0.42, 0.72]
    .map((f) => {
      const x = W * f
      return `<rect x="${fmt(x)}" y="${fmt(floorY - 260)}" width="300" height="260" fill="url(#wh-door)"/>${Array.from({ length: 9 }, (_, k) => `<rect x="${fmt(x)}" y="${fmt(floorY - 260 + k * 29)}" width="300" height="2" fill="#5a636c"/>`).join('')}<rect x="${fmt(x - 10)}" y="${fmt(floorY - 270)}" width="320" height="10" fill="#c8a03a"/>`
    })
    .join('')
  const lights = [0.15, 0.38, 0.62, 0.85]
    .map(
      (f) =>
        `<rect x="${fmt(W * f - 40)}" y="232" width="80" height="10" fill="#fff8e6"/><ellipse cx="${fmt(W * f)}" cy="${fmt(floorY + 120)}" rx="320" ry="160" fill="url(#wh-light)"/>`,
    )
    .join('')
  let cars = ''
  const add = (id, spec) => {
    const c = placedCar(id, spec)
    defs += c.defs
    cars += c.svg
  }
  ;[
    ['estate', '#eef0f2'],
    ['suv', '#1b1e23'],
    ['sedan', '#5a6068'],
    ['van', '#24508c'],
  ].forEach(([type, color], i) => add(`b${i}`, { type, color, x: -60 + i * 420, groundY: H * 0.7, width: 430 }))
  ;[
    ['hatch', '#b9bfc6'],
    ['sedan', '#7b5d43'],
    ['estate', '#a8202a'],
  ].forEach(([type, color], i) => add(`f${i}`, { type, color, x: -80 + i * 600, groundY: H * 0.95, width: 600, mirror: true }))
  const body = `<rect width="${W}" height="${H}" fill="url(#wh-wall)"/>${skylights}${trusses}
<rect x="0" y="260" width="${W}" height="6" fill="#2b323b"/>
${[0.04, 0.34, 0.64, 0.96].map((f) => `<rect x="${fmt(W * f - 12)}" y="240" width="24" height="${fmt(floorY - 240)}" fill="#2d3540"/>`).join('')}
${doors}
<rect x="0" y="${fmt(floorY)}" width="${W}" height="${fmt(H - floorY)}" fill="url(#wh-floor)"/>
${Array.from({ length: 10 }, (_, i) => `<polygon points="${i * 180 - 60},${H} ${i * 180 - 50},${H} ${i * 180 + 10},${fmt(floorY)} ${i * 180 + 6},${fmt(floorY)}" fill="#e8d070" opacity="0.4"/>`).join('')}
${lights}${cars}
${vignette(W, H)}`
  return svgDocument(W, H, body, defs)
}

// --- Feature pictures (1200 × 900) ------------------------------------------------------------

function featureValuation() {
  const W = 1200
  const H = 900
  const background = SCENES.lot(W, H, 301)
  const groundY = H * 0.8
  const c = placedCar('fc', { type: 'estate', color: '#5a6068', x: W * 0.02, groundY, width: W * 0.78 })
  const checks = [
    [0.2, 0.56],
    [0.45, 0.5],
    [0.66, 0.64],
  ]
    .map(
      ([fx, fy]) =>
        `<g transform="translate(${fmt(W * fx)},${fmt(H * fy)})"><circle r="32" fill="#2f8a4a" opacity="0.3"/><circle r="24" fill="#ffffff"/><path d="M-11,0 L-3,8 L12,-9" stroke="#2f8a4a" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`,
    )
    .join('')
  const body = `${background.back}${c.svg}
${person(W * 0.87, H * 0.93, 420, { pose: 'clipboard', mirror: true, coat: '#2f3b4c', trousers: '#20252d', hair: '#3a2e28', skin: '#d2a585' })}
${checks}
<rect width="${W}" height="${H}" fill="url(#pg-vignette)"/>`
  return svgDocument(W, H, body, background.defs + c.defs + vignetteDefs(0.3))
}

function featureHandover() {
  const W = 1200
  const H = 900
  const background = SCENES.showroom(W, H, 302)
  const c = placedCar('fc', { type: 'suv', color: '#24508c', x: W * 0.08, groundY: H * 0.74, width: W * 0.86 })
  const baseY = H * 0.98
  const h = 560
  const keyX = W * 0.5
  const keyY = baseY - h * 0.6
  const key = `<circle cx="${fmt(keyX)}" cy="${fmt(keyY + 10)}" r="60" fill="url(#pg-keyglow)"/>
<g transform="translate(${fmt(keyX)},${fmt(keyY + 6)}) rotate(20)"><rect x="-9" y="-16" width="18" height="26" rx="7" fill="#1b1d21" stroke="#4b5158" stroke-width="1.5"/><circle cx="0" cy="-4" r="2.5" fill="#5a1e1e"/><path d="M-3,10 L3,10 L3,34 L0,38 L-3,34 Z" fill="#c9ced4"/><circle cx="0" cy="-22" r="7" fill="none" stroke="#c9ced4" stroke-width="2.5"/></g>`
  const body = `${background.back}${c.svg}
<rect width="${W}" height="${H}" fill="#05070a" opacity="0.25"/>
${person(W * 0.5 - 36 * (h / 100) + 6, baseY, h, { pose: 'give', coat: '#2c2f36', trousers: '#1a1c21', skin: '#d6a884', hair: '#1f1a18' })}
${person(W * 0.5 + 36 * (h / 100) - 6, baseY, h * 0.97, { pose: 'give', mirror: true, coat: '#7a3b32', trousers: '#2a3344', skin: '#b98566', hair: '#4a3426' })}
${key}
<rect width="${W}" height="${H}" fill="url(#pg-vignette)"/>`
  return svgDocument(
    W,
    H,
    body,
    background.defs +
      c.defs +
      radial('pg-keyglow', [
        [0, '#fff3c8', 0.6],
        [1, '#fff3c8', 0],
      ]) +
      vignetteDefs(0.45),
  )
}

function featureTeam() {
  const W = 1200
  const H = 900
  const rng = random(303)
  const floorY = H * 0.66
  const windowTop = H * 0.1
  const windowBottom = H * 0.56
  const view = `<rect x="0" y="${fmt(windowTop)}" width="${W}" height="${fmt(windowBottom - windowTop)}" fill="url(#tm-sky)"/>
${skyline(rng, { width: W, baseY: windowBottom, color: '#3b3550', scale: 0.8 })}`
  const mullions = Array.from(
    { length: 7 },
    (_, i) => `<rect x="${fmt((W / 6) * i - 6)}" y="${fmt(windowTop)}" width="12" height="${fmt(windowBottom - windowTop)}" fill="#20262e"/>`,
  ).join('')
  const c = placedCar('fc', { type: 'coupe', color: '#b3222c', x: -W * 0.18, groundY: floorY + 70, width: W * 0.7 })
  const tx = W * 0.66
  const ty = H * 0.74
  const chair = (x, mirror) =>
    `<g transform="translate(${fmt(x)},${fmt(H * 0.93)}) scale(${mirror ? -1 : 1},1)"><rect x="-8" y="-150" width="16" height="150" fill="#15181c"/><rect x="-60" y="-150" width="120" height="22" rx="8" fill="#2c3440"/><rect x="36" y="-300" width="26" height="170" rx="10" fill="#2c3440"/><rect x="-50" y="-6" width="100" height="8" rx="4" fill="#15181c"/></g>`
  const plant = (x, y, s) =>
    `<g transform="translate(${fmt(x)},${fmt(y)}) scale(${s})"><path d="M-40,0 L-32,-70 L32,-70 L40,0 Z" fill="#e5e2da"/>${Array.from({ length: 9 }, (_, i) => `<ellipse cx="${fmt(-30 + i * 7.5)}" cy="${fmt(-130 - (i % 3) * 20)}" rx="16" ry="60" fill="${i % 2 ? '#3f7a4a' : '#4f8a58'}" transform="rotate(${-36 + i * 9} ${fmt(-30 + i * 7.5)} -80)"/>`).join('')}</g>`
  const defs = [
    linear('tm-sky', [
      [0, '#2a2d58'],
      [0.6, '#8a5a7a'],
      [1, '#f0a868'],
    ]),
    linear('tm-wall', [
      [0, '#2a2f37'],
      [1, '#1a1e24'],
    ]),
    linear('tm-floor', [
      [0, '#585e66'],
      [1, '#25292e'],
    ]),
    linear('tm-table', [
      [0, '#e9e6df'],
      [1, '#bdb8ad'],
    ]),
    radial('tm-lamp', [
      [0, '#fff2cf', 0.5],
      [1, '#fff2cf', 0],
    ]),
    vignetteDefs(0.45),
    c.defs,
  ].join('')
  const body = `<rect width="${W}" height="${H}" fill="url(#tm-wall)"/>${view}${mullions}
<rect x="0" y="${fmt(windowTop - 14)}" width="${W}" height="14" fill="#20262e"/>
<rect x="0" y="${fmt(windowBottom)}" width="${W}" height="${fmt(floorY - windowBottom)}" fill="#1c2026"/>
<rect x="0" y="${fmt(floorY)}" width="${W}" height="${fmt(H - floorY)}" fill="url(#tm-floor)"/>
<rect x="0" y="${fmt(windowBottom)}" width="${W}" height="4" fill="#c8102e"/>
${c.svg}
<ellipse cx="${fmt(tx)}" cy="${fmt(H * 0.93)}" rx="330" ry="26" fill="#000" opacity="0.35"/>
${chair(tx - 250, false)}${chair(tx + 250, true)}
<rect x="${fmt(tx - 14)}" y="${fmt(ty)}" width="28" height="${fmt(H * 0.93 - ty)}" fill="#1a1d21"/><ellipse cx="${fmt(tx)}" cy="${fmt(H * 0.93)}" rx="80" ry="10" fill="#1a1d21"/>
<rect x="${fmt(tx - 200)}" y="${fmt(ty - 16)}" width="400" height="20" rx="8" fill="url(#tm-table)"/>
<g transform="translate(${fmt(tx - 40)},${fmt(ty - 16)})"><polygon points="-70,0 70,0 60,-8 -60,-8" fill="#9aa0a8"/><polygon points="-56,-8 56,-8 46,-92 -46,-92" fill="#2a2f36"/><polygon points="-50,-14 50,-14 41,-86 -41,-86" fill="#3e6fa8" opacity="0.8"/></g>
<g transform="translate(${fmt(tx + 90)},${fmt(ty - 16)})"><rect x="-36" y="-4" width="64" height="4" fill="#f4f1ea"/><rect x="-30" y="-8" width="60" height="4" fill="#e4e0d6"/><rect x="40" y="-30" width="22" height="30" rx="3" fill="#f4f1ea"/><path d="M62,-24 q12,0 12,10 q0,10 -12,10" stroke="#f4f1ea" stroke-width="4" fill="none"/></g>
${plant(W * 0.95, H * 0.92, 1.5)}
<ellipse cx="${fmt(tx)}" cy="${fmt(H * 0.06)}" rx="90" ry="18" fill="#fff2cf" opacity="0.8"/><ellipse cx="${fmt(tx)}" cy="${fmt(ty - 40)}" rx="300" ry="160" fill="url(#tm-lamp)"/>
<rect x="${fmt(tx - 2)}" y="0" width="4" height="${fmt(H * 0.05)}" fill="#111"/><path d="M${fmt(tx - 70)},${fmt(H * 0.08)} L${fmt(tx - 40)},${fmt(H * 0.04)} L${fmt(tx + 40)},${fmt(H * 0.04)} L${fmt(tx + 70)},${fmt(H * 0.08)} Z" fill="#1a1d21"/>
<rect width="${W}" height="${H}" fill="url(#pg-vignette)"/>`
  return svgDocument(W, H, body, defs)
}

function featureDelivery() {
  const W = 1200
  const H = 900
  const rng = random(304)
  const horizon = H * 0.5
  const sky = skyLayer(W, H, horizon, 'day', rng)
  const truckGround = H * 0.7
  const scale = 0.37
  const truck = transporterTruck('tt', {
    cab: '#e4e7ea',
    load: [
      { type: 'sedan', color: '#1b1e23', deck: 'upper', x: 60 },
      { type: 'hatch', color: '#eef0f2', deck: 'upper', x: 640 },
      { type: 'estate', color: '#a8202a', deck: 'upper', x: 1220, width: 520 },
      { type: 'suv', color: '#767c83', deck: 'lower', x: 1200, width: 520 },
      { type: 'sedan', color: '#b9bfc6', deck: 'lower', x: 640 },
    ],
  })
  // The truck faces left, so its tail (local x ≈ 20) is on the right, where the ramp goes down.
  const truckX = W * 0.01
  const tailX = truckX + (2240 - 20) * scale
  const deckY = truckGround - (GROUND - 236) * scale
  const ramp = `<polygon points="${fmt(tailX - 4)},${fmt(deckY)} ${fmt(tailX + 170)},${fmt(truckGround - 4)} ${fmt(tailX + 170)},${fmt(truckGround + 8)} ${fmt(tailX - 4)},${fmt(deckY + 14)}" fill="#8a929a" stroke="#4a5058" stroke-width="2"/>
${[0.25, 0.5, 0.75].map((f) => `<line x1="${fmt(tailX + 170 * f)}" y1="${fmt(deckY + (truckGround - deckY) * f)}" x2="${fmt(tailX + 170 * f)}" y2="${fmt(deckY + (truckGround - deckY) * f + 12)}" stroke="#4a5058" stroke-width="3"/>`).join('')}`
  const c = placedCar('fc', { type: 'sedan', color: '#24508c', x: W * 0.06, groundY: H * 0.95, width: W * 0.66 })
  const house = `<rect x="${W * 0.62}" y="${fmt(horizon - 150)}" width="${W * 0.34}" height="190" fill="#e8dcc8"/>
<polygon points="${W * 0.6},${fmt(horizon - 146)} ${W * 0.79},${fmt(horizon - 260)} ${W * 0.98},${fmt(horizon - 146)}" fill="#8a3e32"/>
${[0.66, 0.76, 0.86].map((f) => `<rect x="${fmt(W * f)}" y="${fmt(horizon - 110)}" width="50" height="56" fill="#f4f1ea"/><rect x="${fmt(W * f + 5)}" y="${fmt(horizon - 105)}" width="40" height="46" fill="#4a5c6e"/>`).join('')}`
  const body = `${sky.svg}
${treeRow(rng, { x0: -20, x1: W + 20, baseY: horizon + 40, size: 130, color: '#5f8a4e' })}
${house}
<rect x="0" y="${fmt(horizon + 40)}" width="${W}" height="${fmt(H - horizon - 40)}" fill="#86a860"/>
<rect x="0" y="${fmt(truckGround - 40)}" width="${W}" height="${fmt(H - truckGround + 40)}" fill="#6e7176"/>
<rect x="0" y="${fmt(truckGround - 44)}" width="${W}" height="5" fill="#e9e9e2" opacity="0.7"/>
${placeLocal(truck.svg, { x: truckX, groundY: truckGround, scale, mirror: true, localWidth: 2240 })}
${ramp}
${c.svg}
${person(W * 0.93, H * 0.97, 340, { pose: 'clipboard', mirror: true, coat: '#c8102e', trousers: '#23272e', hair: '#2b2320' })}
${vignette(W, H)}`
  return svgDocument(W, H, body, sky.defs + truck.defs + c.defs + vignetteDefs(0.25))
}

/** The page illustrations by file name, with the alt text the pages use for them. */
const PAGE_ILLUSTRATIONS = {
  'city-bochum.jpg': { draw: cityBochum, alt: 'Illustration: Skyline von Bochum mit dem Förderturm des Bergbau-Museums' },
  'city-dortmund.jpg': { draw: cityDortmund, alt: 'Illustration: Skyline von Dortmund mit dem Dortmunder U und dem Florianturm' },
  'city-duesseldorf.jpg': { draw: cityDuesseldorf, alt: 'Illustration: Rheinufer in Düsseldorf mit dem Rheinturm' },
  'city-gelsenkirchen.jpg': { draw: cityGelsenkirchen, alt: 'Illustration: Gelsenkirchen mit Förderturm und Stadion am Abend' },
  'city-oberhausen.jpg': { draw: cityOberhausen, alt: 'Illustration: Oberhausen mit dem Gasometer' },
  'city-muelheim.jpg': { draw: cityMuelheim, alt: 'Illustration: Mülheim an der Ruhr mit Ruhrbrücke und Fluss' },
  'city-xanten.jpg': { draw: cityXanten, alt: 'Illustration: Xanten mit Dom und Windmühle am Niederrhein' },
  'city-sonsbeck.jpg': { draw: citySonsbeck, alt: 'Illustration: Felder und Bauernhöfe bei Sonsbeck am Niederrhein' },
  'city-uedem.jpg': { draw: cityUedem, alt: 'Illustration: Dorfkirche und Felder in Uedem am Niederrhein' },
  'city-muenster.jpg': { draw: cityMuenster, alt: 'Illustration: Giebelhäuser am Prinzipalmarkt in Münster mit Fahrrädern' },
  'topic-bmw.jpg': { draw: topicBmw, alt: 'Illustration: dunkelblaue Sportlimousine vor der Stadtmauer von Xanten' },
  'topic-mercedes.jpg': { draw: topicMercedes, alt: 'Illustration: silberne Oberklasse-Limousine auf einer Landstraße bei Sonsbeck' },
  'topic-audi.jpg': { draw: topicAudi, alt: 'Illustration: grauer Kombi vor Feldern nahe der niederländischen Grenze' },
  'topic-students.jpg': { draw: topicStudents, alt: 'Illustration: roter Kleinwagen vor einem Hörsaalgebäude mit Fahrrädern' },
  'topic-used-cars.jpg': { draw: topicUsedCars, alt: 'Illustration: Reihe von Gebrauchtwagen auf einem Hof in Xanten' },
  'topic-export.jpg': { draw: topicExport, alt: 'Illustration: Lkw mit Autotransporter auf dem Weg zum Hafen' },
  'topic-wholesale.jpg': { draw: topicWholesale, alt: 'Illustration: Fahrzeughalle mit mehreren Gebrauchtwagen für Händler' },
  'feature-valuation.jpg': { draw: featureValuation, alt: 'Illustration: Gutachter prüft einen Gebrauchtwagen mit Klemmbrett' },
  'feature-handover.jpg': { draw: featureHandover, alt: 'Illustration: Schlüsselübergabe vor einem Gebrauchtwagen' },
  'feature-team.jpg': { draw: featureTeam, alt: 'Illustration: Verkaufsraum von Ruhrstern Automobile in Essen mit Beratungstisch' },
  'feature-delivery.jpg': { draw: featureDelivery, alt: 'Illustration: Autotransporter liefert einen Gebrauchtwagen aus' },
}
const PAGE_ILLUSTRATION_NAME = /^(city|topic|feature)-[\w-]+\.jpg$/

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
  if (PAGE_ILLUSTRATION_NAME.test(file)) {
    const illustration = PAGE_ILLUSTRATIONS[file]
    if (!illustration) throw new Error(`No illustration is defined for ${file}${doc ? ` (document ${doc._id})` : ''}; add a drawing to PAGE_ILLUSTRATIONS.`)
    if (alt && alt !== illustration.alt) console.warn(`warning: ${file} is drawn for "${illustration.alt}" but ${doc?._id} describes it as "${alt}"`)
    return illustration.draw
  }
  if (file === 'hero-showroom.jpg') return heroShowroom
  if (file === 'hero-road-dusk.jpg') return heroRoad
  if (file === 'hero-financing.jpg') return heroFinancing
  if (file === 'share-default.jpg') return () => shareImage(settings)
  const vehicleMatch = /^vehicle-([\w-]+)-(\d+)\.jpg$/.exec(file)
  if (vehicleMatch && doc?._type === 'vehicle') {
    const index = Number(vehicleMatch[2]) - 1
    if (/cockpit/i.test(alt)) return () => cockpit({ seed: hashString(file) })
    return () => vehicleScene({ vehicle: doc, alt, index })
  }
  throw new Error(`No illustration is defined for ${file}${doc ? ` (document ${doc._id})` : ''}.`)
}

async function encode(svg) {
  let output
  for (const quality of QUALITIES) {
    output = await sharp(Buffer.from(svg)).flatten({ background: '#000000' }).jpeg({ quality, progressive: true, mozjpeg: true }).toBuffer()
    if (output.length <= MAX_BYTES) return { output, quality }
  }
  return { output, quality: QUALITIES.at(-1) }
}

function option(name) {
  const index = process.argv.indexOf(name)
  if (index === -1) return undefined
  const value = process.argv[index + 1]
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`)
  return value
}

async function main() {
  const check = process.argv.includes('--check')
  const only = option('--only')
    ?.split(',')
    .map((file) => file.trim())
    .filter(Boolean)
  const outDir = option('--out') ? path.resolve(option('--out')) : IMAGES_DIR
  let jobs = await readJobs()
  if (only) {
    // Page illustrations can be rendered before a page references them; anything else must be in the dataset.
    jobs = new Map(only.map((file) => [file, jobs.get(file) ?? renderFor(file, '', null, null)]))
  }
  let total = 0
  const problems = []
  await fs.mkdir(outDir, { recursive: true })
  for (const [file, render] of jobs) {
    const target = path.join(outDir, file)
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
  if (!check && !only && outDir === IMAGES_DIR) {
    await fs.mkdir(path.dirname(PUBLIC_PLACEHOLDER), { recursive: true })
    await fs.copyFile(path.join(IMAGES_DIR, PLACEHOLDER), PUBLIC_PLACEHOLDER)
    // Remove pictures of this generator that the dataset no longer references.
    for (const file of await fs.readdir(IMAGES_DIR)) {
      if (/^(hero|vehicle|share|city|topic|feature)-.*\.jpg$/.test(file) && !jobs.has(file)) {
        await fs.rm(path.join(IMAGES_DIR, file))
        console.log(`removed ${file}`)
      }
    }
  }
  if (!only && total > MAX_TOTAL_BYTES) problems.push(`all images together have ${total} bytes`)
  console.log(`${jobs.size} images, ${(total / 1024 / 1024).toFixed(2)} MB`)
  if (problems.length > 0) {
    console.error(problems.join('\n'))
    process.exit(1)
  }
}

await main()

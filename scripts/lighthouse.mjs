// Lighthouse (mobile preset) against the production build, in Debian's Chromium.
// Usage: npm run build && npm run lighthouse [-- /path /other-path]
// Writes the table between the lighthouse markers in docs/performance.md.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const port = Number(process.env.LH_PORT ?? 3310)
const base = `http://localhost:${port}`
const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/']
const runs = Number(process.env.LH_RUNS ?? 3)
const categories = ['performance', 'accessibility', 'best-practices', 'seo']

const server = spawn('node', ['server.mjs'], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lh-')) },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const stop = () => server.kill('SIGTERM')
process.on('exit', stop)

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(base)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`Server did not answer on ${base}`)
}

await waitForServer()
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})

const rows = []
try {
  for (const route of routes) {
    // The median run by performance score, as Lighthouse recommends for noisy machines.
    const results = []
    for (let run = 0; run < runs; run++) {
      const { lhr } = await lighthouse(`${base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error' })
      results.push(lhr)
    }
    results.sort((a, b) => a.categories.performance.score - b.categories.performance.score)
    const lhr = results[Math.floor(results.length / 2)]
    const score = (id) => Math.round(lhr.categories[id].score * 100)
    const metric = (id) => lhr.audits[id].displayValue
    rows.push({ route, scores: categories.map(score), lcp: metric('largest-contentful-paint'), cls: metric('cumulative-layout-shift'), tbt: metric('total-blocking-time'), fcp: metric('first-contentful-paint') })
    const failed = categories.flatMap((id) => Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && lhr.categories[id].auditRefs.some((r) => r.id === a.id && r.weight > 0)).map((a) => `${id}: ${a.id} (${a.displayValue ?? a.score})`))
    console.log(`${route}: ${categories.map((id, i) => `${id} ${rows.at(-1).scores[i]}`).join(', ')}`)
    if (failed.length) console.log(`  below 100: ${failed.join('; ')}`)
  }
} finally {
  await chrome.kill()
  stop()
}

const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse 12 (mobile preset: simulated slow 4G, 4× CPU slowdown) against the production build on this machine (2 cores), median of ${runs} runs.`,
  '',
  '| route | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| \`${r.route}\` | ${r.scores.join(' | ')} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`),
].join('\n')

const file = 'docs/performance.md'
const doc = readFileSync(file, 'utf8')
const updated = doc.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, `<!-- lighthouse:start -->\n${table}\n<!-- lighthouse:end -->`)
writeFileSync(file, updated)
console.log(`\nWrote ${file}`)
process.exit(0)

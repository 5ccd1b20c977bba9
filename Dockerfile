# syntax=docker/dockerfile:1
# The site in one image: the app, the built Studio at /studio and the seed content; production
# dependencies only, run as the non-root user `node`. docs/deployment.md has the commands and what
# was verified; compose.yaml runs it with a volume for DATA_DIR.
#
#   docker build --build-arg SANITY_STUDIO_PROJECT_ID=abc123xy -t ruhrstern-site .
# Node 22, an LTS line (Node 20's ended on 30 April 2026); CI runs the tests on the same (.ci/run).
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Build: all dependencies, then the app (build/, public/build) and the Studio (build/studio).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
# The dependency patches that `postinstall` applies (patch-package, docs/decisions/125).
COPY patches ./patches
# `npm install`, not `npm ci`: the lock file lacks other platforms' optional packages, which makes
# `npm ci` refuse it (DESIGN.md §3). With the lock file present it installs the locked versions;
# .npmrc (legacy-peer-deps, docs/decisions/030) must come along.
RUN npm install --no-audit --no-fund
COPY . .
# The Studio bundle carries its project and dataset (public values, not secrets).
ARG SANITY_STUDIO_PROJECT_ID=""
ARG SANITY_STUDIO_DATASET="production"
RUN npm run build

# 2. Production dependencies only (sharp brings its prebuilt libvips for linux-x64 glibc).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The patches change the browser's scripts only, built above: the server needs none, nor patch-package.
RUN npm pkg delete scripts.postinstall && npm install --omit=dev --no-audit --no-fund

# 3. The image: what `npm start` reads, nothing else.
FROM ${NODE_IMAGE}
# HOST: every interface of the container, so the published port reaches it; compose.yaml publishes
# it on the host's loopback only, for the nginx there (docs/decisions/038).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json server.mjs ./
COPY scripts/preflight.mjs ./scripts/
COPY content ./content
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The lake's database, outbox and image cache live in DATA_DIR, a volume owned by the user the site runs as.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness: the process answers (GET /healthz). Readiness (GET /readyz) is for load balancers and compose.yaml.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.mjs"]

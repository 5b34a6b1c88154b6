# syntax=docker/dockerfile:1
# The shop's image (decision 054), made by the same step as every release: `npm run release`, then
# `npm ci --omit=dev` in it. One image for every role: ROLE=web, worker or all (decision 053).
# Not built by CI here (no Docker engine on these machines): the deploy test runs the same release.

FROM node:24-bookworm-slim AS release
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run release -- /release \
  && cd /release \
  && npm ci --omit=dev --no-audit --no-fund \
  # The image's own Node 24 runs the shop: the `node` package (for machines without one) is not needed here.
  && rm -rf node_modules/node node_modules/.bin/node

FROM node:24-bookworm-slim
# tini as PID 1: signals reach Node (SIGTERM starts the graceful shutdown) and zombies are reaped.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=release --chown=node:node /release /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# /readyz: the database answers and the instance is not shutting down (a worker answers it too).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "start.js"]
